import { Query } from '@nestjs/cqrs';
import type { ApkPausedRollout } from '@kb/contracts';

/** The brand's paused rollouts and why each paused (the home screen's notice). */
export class PausedRolloutsQuery extends Query<ApkPausedRollout[]> {
  constructor(readonly brand: string) {
    super();
  }
}
