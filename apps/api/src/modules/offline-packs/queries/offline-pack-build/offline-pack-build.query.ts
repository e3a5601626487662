import { Query } from '@nestjs/cqrs';
import type { OfflinePackBuild, UiLang } from '@kb/contracts';

/** The newest build of a pack's file (status, progress, checksum), null before the first. */
export class OfflinePackBuildQuery extends Query<OfflinePackBuild | null> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
