import { Query } from '@nestjs/cqrs';
import type { OfflinePackListItem, UiLang } from '@kb/contracts';

/** Pick packs by number, factory model or sub-brand prefix (at most 50). */
export class SearchOfflinePacksQuery extends Query<OfflinePackListItem[]> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly keyword: string,
  ) {
    super();
  }
}
