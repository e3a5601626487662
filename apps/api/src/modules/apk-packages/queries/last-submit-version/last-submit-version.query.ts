import { Query } from '@nestjs/cqrs';
import type { ApkLastSubmitInfo } from '@kb/contracts';

/**
 * The versions of the latest package of a sub-brand and model that was submitted (pending, created or returned),
 * to start the next one from; null when there is none.
 */
export class LastSubmitVersionQuery extends Query<ApkLastSubmitInfo | null> {
  constructor(
    readonly brand: string,
    readonly subBrandCode: string,
    readonly productCode: string,
  ) {
    super();
  }
}
