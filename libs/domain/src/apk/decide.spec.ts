import { apkContentSchema, type ApkContent, type ApkContentInput } from '@kb/contracts';
import { statesAfterEachEvent } from '../decider.js';
import { deciderTable, describeTransitionTable } from '../testing/decider-table.js';
import { APK_COMMAND_ACTIONS, apkDecider, type ApkCommand } from './decide.js';
import { faultWatchFinding } from './rollout.js';
import type { ApkEvent } from './events.js';
import { APK_ACTIONS, type ApkAction } from './refusals.js';
import type { ApkStatus } from './state.js';
import { APK_IDENTITY, APK_PICTURE_FILES, nthUuid, SPEC_AT } from '@kb/testing';

const APK_ID = '4d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f';
const FILE = nthUuid;
const AT = SPEC_AT;

/** A package the submission rule accepts: sub-brand, model and every §5 picture. */
const completeInput: ApkContentInput = {
  ...APK_IDENTITY,
  updateNotes: 'New boot animation',
  branchPackage: 'release/2.3',
  apkFileCode: FILE(99),
  modeName: 'Chef',
  ...APK_PICTURE_FILES,
};

const content = (overrides: Partial<ApkContentInput> = {}): ApkContent => ({
  ...apkContentSchema.parse({ ...completeInput, ...overrides }),
  fileSize: 1024,
});

const apkTable = deciderTable(apkDecider);
const { when, refusal, history, stateAfter } = apkTable;

const create = (overrides: Partial<ApkContentInput> = {}): ApkCommand => ({
  type: 'CreateApkPackage',
  apkId: APK_ID,
  content: content(overrides),
});
const submit: ApkCommand = { type: 'SubmitApkForReview', by: 'demo', at: AT };
const recall: ApkCommand = { type: 'RecallApkSubmission', by: 'demo' };
const pass: ApkCommand = { type: 'PassApkAudit', by: 'audit', at: AT };
const giveBack: ApkCommand = {
  type: 'ReturnApk',
  by: 'audit',
  reason: 'Boot logo is blurry',
  at: AT,
};
const publishTest: ApkCommand = { type: 'PublishApkTest', at: AT };
const cancelTest: ApkCommand = { type: 'CancelApkTest', at: AT };
const publishOnline: ApkCommand = { type: 'PublishApkOnline', at: AT };
const cancelOnline: ApkCommand = { type: 'CancelApkOnline', at: AT };
const remove: ApkCommand = { type: 'DeleteApkPackage', at: AT };
const LATER = '2026-05-02T09:00:00.000Z';
const startRollout = (
  overrides: Partial<Extract<ApkCommand, { type: 'StartApkRollout' }>> = {},
): ApkCommand => ({
  type: 'StartApkRollout',
  by: 'audit',
  at: AT,
  stages: [
    { percent: 10, startAt: null },
    { percent: 50, startAt: LATER },
    { percent: 100, startAt: null },
  ],
  fromVersion: '2.2.0-b9',
  watch: { faultRatio: 2, minFaults: 3 },
  minFirmware: null,
  languages: [],
  overrideReason: '',
  ...overrides,
});
const nextStage: ApkCommand = { type: 'StartNextApkRolloutStage', by: 'audit', at: AT, scheduled: false };
const pauseRollout: ApkCommand = {
  type: 'PauseApkRollout',
  by: 'audit',
  at: AT,
  kind: 'manual',
  note: 'Looking at reports',
  finding: null,
};
const resumeRollout: ApkCommand = { type: 'ResumeApkRollout', by: 'audit', at: AT };
const rollback: ApkCommand = { type: 'RollBackApkRollout', by: 'audit', at: AT, reason: 'Boot loops' };
const completeRollout: ApkCommand = { type: 'CompleteApkRollout', by: 'audit', at: AT };

const historyIn: Record<ApkStatus | 'absent', ApkEvent[]> = {
  absent: [],
  uncommitted: history(create()),
  pending_review: history(create(), submit),
  created: history(create(), submit, pass),
  returned: history(create(), submit, giveBack),
  deleted: history(create(), remove),
};

/** One command per action, each of which changes something when allowed. */
const commandFor: Record<ApkAction, ApkCommand> = {
  create: create(),
  revise: { type: 'ReviseApkPackage', content: content({ updateNotes: 'Sharper boot logo' }) },
  submit,
  recall,
  audit_pass: pass,
  audit_return: giveBack,
  publish_test: publishTest,
  cancel_test: cancelTest,
  publish_online: publishOnline,
  cancel_online: cancelOnline,
  delete: remove,
  start_rollout: startRollout(),
  next_stage: nextStage,
  pause_rollout: pauseRollout,
  resume_rollout: resumeRollout,
  rollback_rollout: rollback,
  complete_rollout: completeRollout,
};

/** A cancel changes something only once the package is on the devices it takes it off. */
function given(state: ApkStatus | 'absent', action: ApkAction): ApkEvent[] {
  const events = historyIn[state];
  if (state !== 'created') return events;
  const tested = [...events, ...when(events, publishTest)];
  if (action === 'cancel_test' || action === 'publish_online' || action === 'start_rollout') return tested;
  if (action === 'cancel_online') return [...tested, ...when(tested, publishOnline)];
  if (['next_stage', 'pause_rollout', 'rollback_rollout', 'complete_rollout'].includes(action))
    return [...tested, ...when(tested, startRollout())];
  if (action === 'resume_rollout') {
    const started = [...tested, ...when(tested, startRollout())];
    return [...started, ...when(started, pauseRollout)];
  }
  return events;
}

// ---- the README's transition table, read and enforced cell by cell

describeTransitionTable({
  dir: import.meta.dirname,
  table: apkTable,
  place: 'state',
  actions: APK_ACTIONS,
  places: ['absent', 'uncommitted', 'pending_review', 'created', 'returned', 'deleted'],
  commandActions: APK_COMMAND_ACTIONS,
  commandFor,
  given,
  refusedCode: (action) => ({
    404: 'apk_not_found',
    409: action === 'create' ? 'apk_already_exists' : 'apk_illegal_transition',
  }),
});

describe('refusals name the package, its state and the action', () => {
  it('tells the user to recall a pending package before editing it', () => {
    const error = refusal(historyIn.pending_review, commandFor.revise);
    expect(error.params).toEqual({
      name: '2.3.0',
      state: 'pending_review',
      action: 'revise',
      hint: 'recall_first',
    });
  });

  it('tells the user a package must pass the audit before it goes online', () => {
    const error = refusal(historyIn.uncommitted, publishOnline);
    expect(error.params).toMatchObject({
      state: 'uncommitted',
      action: 'publish_online',
      hint: 'audit_first',
    });
  });

  it('names a package without a version number (one saved before drafts needed it) by the start of its id', () => {
    const events: ApkEvent[] = [
      { type: 'ApkPackageCreated', data: { apkId: APK_ID, content: content({ versionNumber: '' }) } },
      ...when(historyIn.uncommitted, submit),
    ];
    expect(refusal(events, submit).params.name).toBe('4d3c2b1a');
  });
});

describe('a draft and a submission require the §5 fields', () => {
  const empty = { ...apkContentSchema.parse({}), fileSize: null };

  it('refuses a draft that does not say which package it is, naming sub-brand, model and version at once', () => {
    const error = refusal([], { type: 'CreateApkPackage', apkId: APK_ID, content: empty });
    expect({ status: error.status, code: error.code }).toEqual({ status: 400, code: 'apk_draft_incomplete' });
    expect(error.params.missing).toBe('subBrandCode,productCode,versionNumber');
    const revised = refusal(historyIn.uncommitted, {
      type: 'ReviseApkPackage',
      content: content({ productCode: '' }),
    });
    expect({ code: revised.code, missing: revised.params.missing }).toEqual({
      code: 'apk_draft_incomplete',
      missing: 'productCode',
    });
  });

  it('names everything a package created to be submitted at once is missing', () => {
    const error = refusal([], { type: 'CreateApkPackage', apkId: APK_ID, content: empty, submitting: true });
    expect(error.status).toBe(400);
    expect(error.code).toBe('apk_incomplete');
    expect(error.params.missing).toBe(
      'subBrandCode,productCode,versionNumber,bootLogo,bootVideo,screensaver,accountBackground,' +
        'recipeEntryBackground,onlineRecipeEntryBackground,modeEntryBackground,modePicture,modeBackground,modeIcon',
    );
  });

  it.each(['bootVideo', 'modeIcon'] as const)('refuses submitting a package missing only %s', (field) => {
    const error = refusal(history(create({ [field]: null })), submit);
    expect(error.params.missing).toBe(field);
  });

  it('does not require the mode name, the APK file or the APK and parent versions', () => {
    const events = history(create({ modeName: '', apkFileCode: null, apkVersion: '', parentVersion: '' }));
    expect(when(events, submit)).toEqual([{ type: 'ApkSubmittedForReview', data: { by: 'demo', at: AT } }]);
  });
});

describe('audit: four eyes', () => {
  it('refuses the submitter auditing their own submission, even as admin and in another case', () => {
    for (const command of [
      { ...pass, by: 'DEMO' },
      { ...giveBack, by: 'demo' },
    ] as ApkCommand[]) {
      const error = refusal(historyIn.pending_review, command);
      expect({ status: error.status, code: error.code }).toEqual({ status: 403, code: 'apk_self_audit' });
      expect(error.params).toEqual({ name: '2.3.0' });
    }
  });

  it('lets someone who did not submit pass it', () => {
    const events = when(historyIn.pending_review, { ...pass, by: 'boss' } as ApkCommand);
    expect(events).toEqual([{ type: 'ApkAuditPassed', data: { by: 'boss', at: AT } }]);
  });

  it('requires a reason to return', () => {
    const error = refusal(historyIn.pending_review, { ...giveBack, reason: '  ' } as ApkCommand);
    expect({ status: error.status, code: error.code }).toEqual({
      status: 400,
      code: 'apk_return_reason_required',
    });
  });
});

describe('returned, edited and resubmitted', () => {
  it('keeps the reason through editing and resubmission, then passes', () => {
    const events = history(
      create(),
      submit,
      giveBack,
      { type: 'ReviseApkPackage', content: content({ bootLogo: FILE(11) }) },
      submit,
      pass,
    );
    expect(events.map((e) => e.type)).toEqual([
      'ApkPackageCreated',
      'ApkSubmittedForReview',
      'ApkReturned',
      'ApkPackageRevised',
      'ApkSubmittedForReview',
      'ApkAuditPassed',
    ]);
    expect(events[3]).toEqual({ type: 'ApkPackageRevised', data: { changes: { bootLogo: FILE(11) } } });
    const states = statesAfterEachEvent(apkDecider, events).map((s) => s.status !== 'absent' && s.status);
    expect(states).toEqual([
      'uncommitted',
      'pending_review',
      'returned',
      'returned',
      'pending_review',
      'created',
    ]);
    expect(stateAfter(events)).toMatchObject({
      status: 'created',
      returnReason: 'Boot logo is blurry',
      auditedBy: 'audit',
      content: { bootLogo: FILE(11) },
    });
  });

  it('records nothing for a save that changes nothing', () => {
    expect(when(historyIn.uncommitted, { type: 'ReviseApkPackage', content: content() })).toEqual([]);
  });

  it('recall takes a pending submission back to editable', () => {
    const events = [...historyIn.pending_review, ...when(historyIn.pending_review, recall)];
    expect(stateAfter(events).status).toBe('uncommitted');
    expect(when(events, commandFor.revise)).toHaveLength(1);
  });
});

describe('test and release of a created package', () => {
  it('publishes to test and online independently, with the release date, and cancels each', () => {
    const events = history(create(), submit, pass, publishTest, publishOnline, cancelTest);
    expect(stateAfter(events)).toMatchObject({
      testStatus: 'not_tested',
      releaseStatus: 'online',
      releasedAt: AT,
    });
    const after = [...events, ...when(events, cancelOnline)];
    expect(stateAfter(after)).toMatchObject({ status: 'created', releaseStatus: 'not_released' });
  });

  it('records nothing when the package already is so', () => {
    expect(when(historyIn.created, cancelOnline)).toEqual([]);
    expect(when(history(create(), submit, pass, publishTest), publishTest)).toEqual([]);
  });

  it('refuses to delete a package while it is online or in test', () => {
    const online = history(create(), submit, pass, publishTest, cancelTest, publishOnline);
    const error = refusal(online, remove);
    expect({ status: error.status, code: error.code }).toEqual({ status: 409, code: 'apk_in_use' });
    expect(error.params).toEqual({ name: '2.3.0', use: 'online' });
    expect(refusal(history(create(), submit, pass, publishTest), remove).params).toEqual({
      name: '2.3.0',
      use: 'testing',
    });
  });
});

describe('release of an untested package', () => {
  const created = historyIn.created;

  it('refuses going online or starting a rollout without a test round unless a reason is given', () => {
    for (const command of [publishOnline, startRollout()]) {
      const error = refusal(created, command);
      expect({ status: error.status, code: error.code, name: error.params.name }).toEqual({
        status: 409,
        code: 'apk_untested_release',
        name: '2.3.0',
      });
    }
  });

  it('records the override with its reason before the release', () => {
    const events = when(created, {
      ...publishOnline,
      by: 'audit',
      overrideReason: ' Security fix ',
    } as ApkCommand);
    expect(events).toEqual([
      { type: 'ApkUntestedReleaseApproved', data: { by: 'audit', reason: 'Security fix', at: AT } },
      { type: 'ApkPublishedOnline', data: { at: AT } },
    ]);
    expect(when(created, startRollout({ overrideReason: 'Urgent' }))[0]).toEqual({
      type: 'ApkUntestedReleaseApproved',
      data: { by: 'audit', reason: 'Urgent', at: AT },
    });
  });
});

describe('rollout in stages', () => {
  const tested = history(create(), submit, pass, publishTest);
  const running = [...tested, ...when(tested, startRollout())];

  it('starts its first stage at once and keeps where devices return to', () => {
    expect(running.slice(-2).map((e) => e.type)).toEqual(['ApkRolloutStarted', 'ApkRolloutStageStarted']);
    expect(stateAfter(running).rollout).toMatchObject({
      status: 'running',
      stage: 0,
      fromVersion: '2.2.0-b9',
      toVersion: '2.3.0-b17',
      stageStartedAt: AT,
    });
  });

  it('refuses stages that do not rise, or a start time before the previous one', () => {
    const falling = refusal(
      tested,
      startRollout({
        stages: [
          { percent: 10, startAt: null },
          { percent: 5, startAt: null },
        ],
      }),
    );
    expect({ code: falling.code, stage: falling.params.stage }).toEqual({
      code: 'apk_rollout_stages_rising',
      stage: 2,
    });
    const early = refusal(
      tested,
      startRollout({
        stages: [
          { percent: 10, startAt: null },
          { percent: 50, startAt: '2026-04-01T00:00:00.000Z' },
        ],
      }),
    );
    expect({ status: early.status, code: early.code }).toEqual({
      status: 400,
      code: 'apk_rollout_stage_time',
    });
  });

  it('starts a scheduled stage only once its time has come, and a stage by hand at any time', () => {
    expect(when(running, { ...nextStage, scheduled: true } as ApkCommand)).toEqual([]);
    const due = when(running, { ...nextStage, at: LATER, scheduled: true } as ApkCommand);
    expect(due).toEqual([
      {
        type: 'ApkRolloutStageStarted',
        data: { stage: 1, percent: 50, by: 'audit', at: LATER, scheduled: true },
      },
    ]);
    const second = [...running, ...due];
    expect(when(second, { ...nextStage, scheduled: true } as ApkCommand)).toEqual([]);
    const last = [...second, ...when(second, nextStage)];
    expect(stateAfter(last).rollout?.stage).toBe(2);
    expect(refusal(last, nextStage).code).toBe('apk_rollout_last_stage');
  });

  it('pauses with the watch’s finding, refuses a stage while paused, resumes counting afresh', () => {
    const finding = { faultType: 'E01', newFaults: 4, newRate: 2, oldRate: 0.1 };
    const paused = [
      ...running,
      ...when(running, { ...pauseRollout, by: 'system', kind: 'faults', note: '', finding } as ApkCommand),
    ];
    expect(stateAfter(paused).rollout).toMatchObject({
      status: 'paused',
      pause: { kind: 'faults', finding },
    });
    expect(when(paused, pauseRollout)).toEqual([]);
    expect(refusal(paused, nextStage).params).toEqual({
      name: '2.3.0',
      rollout: 'paused',
      action: 'next_stage',
    });
    const resumed = [...paused, ...when(paused, { ...resumeRollout, at: LATER } as ApkCommand)];
    expect(stateAfter(resumed).rollout).toMatchObject({ status: 'running', pause: null, watchSince: LATER });
  });

  it('rolls back to the version devices ran, after which a new rollout may start', () => {
    const back = [...running, ...when(running, rollback)];
    expect(back.at(-1)).toEqual({
      type: 'ApkRolloutRolledBack',
      data: { by: 'audit', at: AT, reason: 'Boot loops', toVersion: '2.2.0-b9' },
    });
    expect(refusal(back, completeRollout).params.rollout).toBe('rolled_back');
    expect(when(back, startRollout()).map((e) => e.type)).toEqual([
      'ApkRolloutStarted',
      'ApkRolloutStageStarted',
    ]);
  });

  it('completes into online; online is refused while a rollout runs and delete names the rollout', () => {
    expect(refusal(running, publishOnline).params).toMatchObject({
      rollout: 'running',
      action: 'publish_online',
    });
    expect(refusal(running, remove).params).toEqual({ name: '2.3.0', use: 'rollout' });
    const done = [...running, ...when(running, completeRollout)];
    expect(stateAfter(done)).toMatchObject({
      releaseStatus: 'online',
      releasedAt: AT,
      rollout: { status: 'completed' },
    });
    expect(refusal(done, startRollout()).params.rollout).toBe('online');
  });
});

describe('the fault watch', () => {
  const watch = { faultRatio: 2, minFaults: 3 };
  it('pauses on a fault type the new version reports at twice the old rate, with enough reports', () => {
    expect(
      faultWatchFinding(
        [
          { faultType: 'E01', newFaults: 2, newRate: 5, oldRate: 0 },
          { faultType: 'E02', newFaults: 6, newRate: 3, oldRate: 1.5 },
        ],
        watch,
      ),
    ).toEqual({ faultType: 'E02', newFaults: 6, newRate: 3, oldRate: 1.5 });
  });
  it('stays quiet below the ratio, below the minimum count, or without active devices on the new version', () => {
    expect(
      faultWatchFinding(
        [
          { faultType: 'E02', newFaults: 6, newRate: 2.9, oldRate: 1.5 },
          { faultType: 'E03', newFaults: 2, newRate: 9, oldRate: null },
          { faultType: 'E04', newFaults: 9, newRate: null, oldRate: 1 },
        ],
        watch,
      ),
    ).toBeNull();
  });
});
