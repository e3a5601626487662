import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apkContentSchema, type ApkContent, type ApkContentInput } from '@kb/contracts';
import { statesAfterEachEvent } from '../decider.js';
import { deciderTable } from '../testing/decider-table.js';
import { APK_COMMAND_ACTIONS, apkDecider, type ApkCommand, type ApkCommandType } from './decide.js';
import type { ApkEvent } from './events.js';
import { APK_ACTIONS, type ApkAction } from './refusals.js';
import type { ApkStatus } from './state.js';

const APK_ID = '4d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f';
const FILE = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AT = '2026-05-01T09:00:00.000Z';

/** A package the submission rule accepts: sub-brand, model and every §5 picture. */
const completeInput: ApkContentInput = {
  subBrandCode: 'DEMO-CHEF',
  productCode: 'TM-6',
  versionNumber: '2.3.0',
  apkVersion: '2.3.0-b17',
  parentVersion: '2.2.0',
  updateNotes: 'New boot animation',
  branchPackage: 'release/2.3',
  apkFileCode: FILE(99),
  modeName: 'Chef',
  bootLogo: FILE(1),
  bootVideo: FILE(2),
  screensaver: FILE(3),
  accountBackground: FILE(4),
  recipeEntryBackground: FILE(5),
  modeEntryBackground: FILE(6),
  onlineRecipeEntryBackground: FILE(7),
  modePicture: FILE(8),
  modeBackground: FILE(9),
  modeIcon: FILE(10),
};

const content = (overrides: Partial<ApkContentInput> = {}): ApkContent => ({
  ...apkContentSchema.parse({ ...completeInput, ...overrides }),
  fileSize: 1024,
});

const { when, refusal, history, stateAfter } = deciderTable(apkDecider);

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
};

/** A cancel changes something only once the package is on the devices it takes it off. */
function given(state: ApkStatus | 'absent', action: ApkAction): ApkEvent[] {
  const events = historyIn[state];
  if (state !== 'created') return events;
  if (action === 'cancel_test') return [...events, ...when(events, publishTest)];
  if (action === 'cancel_online') return [...events, ...when(events, publishOnline)];
  return events;
}

// ---- the README's transition table, read and enforced cell by cell

const readme = readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8');

function table(first: string): { header: string[]; rows: string[][] } {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  if (start < 0) throw new Error(`README has no table "${first}"`);
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const body: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    body.push(cells(line));
  }
  return { header: cells(lines[start]!), rows: body };
}

const stateColumn = (name: string) => (name === 'no stream' ? 'absent' : (name as ApkStatus | 'absent'));
const transitions = table('action');
const states = transitions.header.slice(2).map(stateColumn);

describe('the transition table of README.md', () => {
  it('has a row for every action and a column for every state', () => {
    expect(transitions.rows.map((row) => row[0])).toEqual([...APK_ACTIONS]);
    expect(states).toEqual(['absent', 'uncommitted', 'pending_review', 'created', 'returned', 'deleted']);
    for (const [action, command] of transitions.rows) {
      const type = command!.replaceAll('`', '') as ApkCommandType;
      expect(APK_COMMAND_ACTIONS[type]).toBe(action);
      expect(commandFor[action as ApkAction].type).toBe(type);
    }
  });

  for (const [action, , ...cells] of transitions.rows) {
    cells.forEach((cell, i) => {
      const state = states[i]!;
      it(`${action} when ${state}: ${cell}`, () => {
        const events = given(state, action as ApkAction);
        const command = commandFor[action as ApkAction];
        if (cell === '404' || cell === '✗') {
          const error = refusal(events, command);
          expect({ status: error.status, code: error.code }).toEqual(
            cell === '404'
              ? { status: 404, code: 'apk_not_found' }
              : {
                  status: 409,
                  code: action === 'create' ? 'apk_already_exists' : 'apk_illegal_transition',
                },
          );
        } else {
          const caused = when(events, command);
          expect(caused.length).toBeGreaterThan(0);
          expect(stateAfter([...events, ...caused]).status).toBe(cell.replaceAll('`', ''));
        }
      });
    });
  }
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
    const online = history(create(), submit, pass, publishOnline);
    const error = refusal(online, remove);
    expect({ status: error.status, code: error.code }).toEqual({ status: 409, code: 'apk_in_use' });
    expect(error.params).toEqual({ name: '2.3.0', use: 'online' });
    expect(refusal(history(create(), submit, pass, publishTest), remove).params).toEqual({
      name: '2.3.0',
      use: 'testing',
    });
  });
});
