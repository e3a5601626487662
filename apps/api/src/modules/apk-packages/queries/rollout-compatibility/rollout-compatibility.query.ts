import { Query } from '@nestjs/cqrs';
import type { ApkCompatibility } from '@kb/contracts';
import type { ReleaseNeeds } from '../../apk-fleet.js';

/** Before a release: the devices of the package's sub-brand it would leave out, counted per reason. */
export class RolloutCompatibilityQuery extends Query<ApkCompatibility> {
  constructor(
    readonly brand: string,
    readonly id: string,
    readonly needs: ReleaseNeeds,
  ) {
    super();
  }
}
