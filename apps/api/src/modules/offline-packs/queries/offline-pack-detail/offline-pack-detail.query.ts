import { Query } from '@nestjs/cqrs';
import type { OfflinePackDetail, UiLang } from '@kb/contracts';

/** One pack with its content, its selected recipes and the revision the form saves against. */
export class OfflinePackDetailQuery extends Query<OfflinePackDetail> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
