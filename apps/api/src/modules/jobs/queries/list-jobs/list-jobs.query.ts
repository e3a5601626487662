import { Query } from '@nestjs/cqrs';
import type { JobListQuery, JobRunPage, UiLang } from '@kb/contracts';

/** The brand's runs, newest first, optionally of one kind; keyset pages (`next` → `after`). */
export class ListJobsQuery extends Query<JobRunPage> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly filter: JobListQuery,
  ) {
    super();
  }
}
