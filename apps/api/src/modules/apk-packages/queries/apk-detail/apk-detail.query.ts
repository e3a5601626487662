import { Query } from '@nestjs/cqrs';
import type { ApkDetail } from '@kb/contracts';

/** One package with its whole content and the revision the form saves against. */
export class ApkDetailQuery extends Query<ApkDetail> {
  constructor(
    readonly brand: string,
    readonly id: string,
  ) {
    super();
  }
}
