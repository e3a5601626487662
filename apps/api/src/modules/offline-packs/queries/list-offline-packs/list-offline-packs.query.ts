import { Query } from '@nestjs/cqrs';
import type { OfflinePackListItem, OfflinePackListQuery, Page, UiLang } from '@kb/contracts';

/** The offline pack list: filtered by number, type, models and the two statuses, newest change first. */
export class ListOfflinePacksQuery extends Query<Page<OfflinePackListItem> | OfflinePackListItem[]> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly filter: OfflinePackListQuery,
  ) {
    super();
  }
}
