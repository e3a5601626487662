import { Query } from '@nestjs/cqrs';
import type { ApkListItem, ApkReviewStatus } from '@kb/contracts';

/** Pick packages by version prefix, sub-brand or model (at most 50). */
export class SearchApksQuery extends Query<ApkListItem[]> {
  constructor(
    readonly brand: string,
    readonly keyword: string,
    readonly reviewStatus?: ApkReviewStatus,
  ) {
    super();
  }
}
