import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { APK_PICTURES, type ApkHistoryEntry, type UiLang } from '@kb/contracts';
import {
  APK_RELEASE_STATUS_NAMES,
  APK_STATUS_NAMES,
  APK_TEST_STATUS_NAMES,
} from '../../apk-packages/apk-domain.messages.js';
import { ApkHistoryQuery } from '../../apk-packages/queries/apk-history/apk-history.query.js';
import { ChangeList, nameOf, shown, type DiffContext } from '../audit-diff-kit.js';
import type { AuditSubject, LoadedEntry, LoadedStream, NameRefs } from '../audit-subject.js';

export type ApkAuditState = ApkHistoryEntry['state'];

const TEXT_FIELDS = [
  'versionNumber',
  'apkVersion',
  'parentVersion',
  'branchPackage',
  'modeName',
  'updateNotes',
] as const;

const size = (bytes: number | null) => (bytes === null ? null : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

const lifecycle = (state: ApkAuditState, lang: UiLang) => ({
  reviewStatus: APK_STATUS_NAMES[state.reviewStatus][lang],
  testStatus: APK_TEST_STATUS_NAMES[state.testStatus][lang],
  releaseStatus: APK_RELEASE_STATUS_NAMES[state.releaseStatus][lang],
});

/** APK packages: the stream `apk-<id>`; pictures and the APK shown as files, the model by name. */
@Injectable()
export class ApkAudit implements AuditSubject<ApkAuditState> {
  readonly kind = 'apk' as const;

  constructor(private readonly queries: QueryBus) {}

  async load(brand: string, lang: UiLang, id: string): Promise<LoadedStream<ApkAuditState>> {
    const history = await this.queries.execute(new ApkHistoryQuery(brand, lang, id));
    return {
      number: history.versionNumber,
      ended: history.reviewStatus === 'deleted',
      entries: history.entries,
    };
  }

  status(state: ApkAuditState, { lang }: DiffContext): string {
    return Object.values(lifecycle(state, lang)).join(' · ');
  }

  reason(entry: LoadedEntry<ApkAuditState>): string | null {
    return entry.type === 'ApkReturned' ? entry.state.returnReason : null;
  }

  refs(state: ApkAuditState): NameRefs {
    return { models: state.content.productCode ? [state.content.productCode] : [] };
  }

  diff(before: ApkAuditState | null, after: ApkAuditState, ctx: DiffContext) {
    const { w, lang, names } = ctx;
    const list = new ChangeList();
    const a = before ? lifecycle(before, lang) : null;
    const b = lifecycle(after, lang);
    for (const key of ['reviewStatus', 'testStatus', 'releaseStatus'] as const)
      list.value(w(key), shown(a?.[key]), shown(b[key]));
    list.value(w('returnReason'), shown(before?.returnReason), shown(after.returnReason));
    const x = before?.content;
    const y = after.content;
    list.value(w('subBrandCode'), shown(x?.subBrandCode), shown(y.subBrandCode));
    list.value(
      w('productCode'),
      shown(nameOf(names.models, x?.productCode)),
      shown(nameOf(names.models, y.productCode)),
    );
    for (const key of TEXT_FIELDS) list.value(w(key), shown(x?.[key]), shown(y[key]));
    list.file(w('apkFileCode'), w, x?.apkFileCode, y.apkFileCode);
    list.value(w('fileSize'), shown(size(x?.fileSize ?? null)), shown(size(y.fileSize)));
    for (const key of APK_PICTURES) list.file(w(key), w, x?.[key], y[key]);
    return list.changes;
  }
}
