import { Query } from '@nestjs/cqrs';
import type { ApkListItem, ApkListQuery, Page } from '@kb/contracts';

/** The APK list: filtered by sub-brand, model, version and the three statuses, newest change first. */
export class ListApksQuery extends Query<Page<ApkListItem> | ApkListItem[]> {
  constructor(
    readonly brand: string,
    readonly filter: ApkListQuery,
  ) {
    super();
  }
}
