import { Query } from '@nestjs/cqrs';
import type { OfflinePackListItem } from '@kb/contracts';

/** Pick packs by number, factory model or sub-brand prefix (at most 50). */
export class SearchOfflinePacksQuery extends Query<OfflinePackListItem[]> {
  constructor(
    readonly brand: string,
    readonly keyword: string,
  ) {
    super();
  }
}
