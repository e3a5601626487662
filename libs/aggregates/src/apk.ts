import type { ApkCommandAnswer } from '@kb/contracts';
import {
  APK_EVENT_SCHEMA_VERSIONS,
  apkDecider,
  apkStreamId,
  decideApk,
  DomainError,
  upcastApkEvent,
  type ApkCommand,
  type ApkEvent,
  type ApkState,
} from '@kb/domain';
import { AppError } from '@kb/platform';
import type { Aggregate } from './aggregate.js';

export type ApkAnswer = Omit<ApkCommandAnswer, 'revision' | 'changed'>;

const versionOf = (state: ApkState) => (state.status === 'absent' ? null : state.content.versionNumber);

/**
 * APK sub-packages (`apk-<id>`). An incomplete package's refusal also names each missing field (`fieldErrors`), so
 * the form can show the error under each of them.
 */
/** An incomplete package's refusal → the message under each missing field. */
const INCOMPLETE: Record<string, string> = {
  apk_incomplete: 'apk_required_for_submission',
  apk_draft_incomplete: 'apk_required',
};

export const apkAggregate: Aggregate<ApkCommand, ApkEvent, ApkState, ApkAnswer> = {
  name: 'apk',
  storage: {
    decider: apkDecider,
    streamId: apkStreamId,
    schemaVersions: APK_EVENT_SCHEMA_VERSIONS,
    upcast: upcastApkEvent,
  },
  decide: (command, state) => {
    try {
      return decideApk(command, state);
    } catch (error) {
      const required = error instanceof DomainError ? INCOMPLETE[error.code] : undefined;
      if (!required) throw error;
      const missing = String((error as DomainError).params.missing ?? '')
        .split(',')
        .filter(Boolean);
      throw new AppError(400, (error as DomainError).code, (error as DomainError).params, {
        fieldErrors: Object.fromEntries(missing.map((field) => [field, required])),
      });
    }
  },
  notFound: 'apk_not_found',
  changed: (id, loaded, decided) =>
    new AppError(409, 'apk_changed', { name: versionOf(decided ?? loaded) || id.slice(0, 8) }),
  answer: (id, state) => ({
    id,
    versionNumber: state.content.versionNumber,
    reviewStatus: state.status,
    testStatus: state.testStatus,
    releaseStatus: state.releaseStatus,
  }),
  labelKey: 'versionNumber',
  labelParam: 'name',
  validates: 'first-attempt',
};
