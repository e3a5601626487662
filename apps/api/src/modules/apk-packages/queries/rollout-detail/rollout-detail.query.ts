import { Query } from '@nestjs/cqrs';
import type { ApkRolloutDetail, UiLang } from '@kb/contracts';

/** A package's staged release: its stage, devices on the new and the old version, fault rates, compatibility. */
export class RolloutDetailQuery extends Query<ApkRolloutDetail> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
