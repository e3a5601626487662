import { Query } from '@nestjs/cqrs';
import type { JobRun, UiLang } from '@kb/contracts';

/** One run of the brand with its per-item report (404 for another brand's). */
export class JobDetailQuery extends Query<JobRun> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
