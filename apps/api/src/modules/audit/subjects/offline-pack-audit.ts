import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { OfflinePackHistoryEntry, UiLang } from '@kb/contracts';
import { OfflinePackHistoryQuery } from '../../offline-packs/queries/offline-pack-history/offline-pack-history.query.js';
import { ChangeList, nameOf, shown, type DiffContext } from '../audit-diff-kit.js';
import type { AuditSubject, LoadedStream, NameRefs } from '../audit-subject.js';

export type OfflinePackAuditState = OfflinePackHistoryEntry['state'];

/** Offline packs: the stream `offline-pack-<id>`; the recipe selection as recipes added and removed, by number. */
@Injectable()
export class OfflinePackAudit implements AuditSubject<OfflinePackAuditState> {
  readonly kind = 'offlinePack' as const;

  constructor(private readonly queries: QueryBus) {}

  async load(brand: string, lang: UiLang, id: string): Promise<LoadedStream<OfflinePackAuditState>> {
    const history = await this.queries.execute(new OfflinePackHistoryQuery(brand, lang, id));
    return { number: history.number, ended: history.status === 'deleted', entries: history.entries };
  }

  status(state: OfflinePackAuditState, { w }: DiffContext): string {
    return [state.status === 'deleted' ? w('deleted') : null, w(state.testStatus), w(state.releaseStatus)]
      .filter(Boolean)
      .join(' · ');
  }

  reason(): string | null {
    return null;
  }

  refs(state: OfflinePackAuditState): NameRefs {
    return {
      models: state.content.productCode ? [state.content.productCode] : [],
      recipes: state.content.recipeIds,
    };
  }

  diff(before: OfflinePackAuditState | null, after: OfflinePackAuditState, ctx: DiffContext) {
    const { w, names } = ctx;
    const list = new ChangeList();
    list.value(w('status'), shown(before && w(before.status)), shown(w(after.status)));
    list.value(w('testStatus'), shown(before && w(before.testStatus)), shown(w(after.testStatus)));
    list.value(w('releaseStatus'), shown(before && w(before.releaseStatus)), shown(w(after.releaseStatus)));
    const x = before?.content;
    const y = after.content;
    list.value(w('number'), shown(x?.number), shown(y.number));
    list.value(w('packType'), shown(x?.type && w(x.type)), shown(y.type && w(y.type)));
    list.value(
      w('factoryModel'),
      shown(nameOf(names.models, x?.productCode)),
      shown(nameOf(names.models, y.productCode)),
    );
    list.value(w('customerModel'), shown(x?.subBrandCode), shown(y.subBrandCode));
    list.members(w('recipeIds'), x?.recipeIds ?? [], y.recipeIds, (id) => nameOf(names.recipes, id)!);
    return list.changes;
  }
}
