import { Query } from '@nestjs/cqrs';
import type { OfflinePackListItem, OfflinePackListQuery, Page } from '@kb/contracts';

/** The offline pack list: filtered by number, type, models and the two statuses, newest change first. */
export class ListOfflinePacksQuery extends Query<Page<OfflinePackListItem> | OfflinePackListItem[]> {
  constructor(
    readonly brand: string,
    readonly filter: OfflinePackListQuery,
  ) {
    super();
  }
}
