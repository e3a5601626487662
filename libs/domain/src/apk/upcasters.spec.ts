import { replay } from '../decider.js';
import { UpcastError } from '../recipe/upcasters.js';
import { apkDecider } from './decide.js';
import { APK_EVENT_SCHEMA_VERSIONS, APK_EVENT_TYPES } from './events.js';
import { upcastApkEvent } from './upcasters.js';

const FILE = '00000000-0000-4000-8000-000000000001';

/**
 * Payloads as the event store holds them at schema version 1, written by hand (not by today's code), so a change
 * of an event's shape that forgets its upcaster breaks this test instead of old streams.
 */
const STORED_V1: { type: string; data: unknown }[] = [
  {
    type: 'ApkPackageCreated',
    data: {
      apkId: '4d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f',
      content: {
        subBrandCode: 'DEMO-CHEF',
        productCode: 'TM-6',
        versionNumber: '1.0.0',
        apkVersion: '1.0.0',
        parentVersion: '',
        updateNotes: '',
        branchPackage: '',
        apkFileCode: null,
        modeName: '',
        bootLogo: FILE,
        bootVideo: FILE,
        screensaver: FILE,
        accountBackground: FILE,
        recipeEntryBackground: FILE,
        modeEntryBackground: FILE,
        onlineRecipeEntryBackground: FILE,
        modePicture: FILE,
        modeBackground: FILE,
        modeIcon: FILE,
        fileSize: null,
      },
    },
  },
  { type: 'ApkPackageRevised', data: { changes: { updateNotes: 'Fixes' } } },
  { type: 'ApkSubmittedForReview', data: { by: 'demo', at: '2026-05-01T09:00:00.000Z' } },
  { type: 'ApkReturned', data: { by: 'audit', reason: 'Blurry', at: '2026-05-01T10:00:00.000Z' } },
  { type: 'ApkSubmittedForReview', data: { by: 'demo', at: '2026-05-02T09:00:00.000Z' } },
  { type: 'ApkAuditPassed', data: { by: 'audit', at: '2026-05-02T10:00:00.000Z' } },
  { type: 'ApkTestPublished', data: { at: '2026-05-02T11:00:00.000Z' } },
  { type: 'ApkPublishedOnline', data: { at: '2026-05-03T08:00:00.000Z' } },
];

describe('upcasting stored APK events', () => {
  it('reads every APK event type at its current version unchanged', () => {
    expect(APK_EVENT_TYPES).toHaveLength(18);
    for (const type of APK_EVENT_TYPES) {
      const data = { at: 'x' };
      expect(upcastApkEvent(type, APK_EVENT_SCHEMA_VERSIONS[type], data)).toEqual({ type, data });
    }
  });

  it('folds a stored v1 history into the package it describes', () => {
    const events = STORED_V1.map((e) => upcastApkEvent(e.type, 1, e.data));
    expect(replay(apkDecider, events)).toMatchObject({
      status: 'created',
      testStatus: 'testing',
      releaseStatus: 'online',
      returnReason: 'Blurry',
      submittedBy: 'demo',
      releasedAt: '2026-05-03T08:00:00.000Z',
      content: { updateNotes: 'Fixes', versionNumber: '1.0.0' },
    });
  });

  it('refuses payloads it cannot read rather than guessing', () => {
    expect(() => upcastApkEvent('ApkAuditPassed', 2, {})).toThrow(UpcastError);
    expect(() => upcastApkEvent('ApkApproved', 1, {})).toThrow('unknown event type');
  });
});
