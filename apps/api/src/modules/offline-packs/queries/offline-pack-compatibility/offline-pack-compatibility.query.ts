import { Query } from '@nestjs/cqrs';
import type { OfflinePackCompatibility } from '@kb/contracts';

/** Before a release: the devices of the pack's sub-brand it would not fit, counted per reason. */
export class OfflinePackCompatibilityQuery extends Query<OfflinePackCompatibility> {
  constructor(
    readonly brand: string,
    readonly id: string,
  ) {
    super();
  }
}
