import { Query } from '@nestjs/cqrs';
import type { ApkHistory, UiLang } from '@kb/contracts';

/**
 * The auditor's timeline of one package: every event of its stream with who, when, what changed (a return with
 * its reason) and the state as of that event. Read from the stream itself, so it stays readable after delete.
 */
export class ApkHistoryQuery extends Query<ApkHistory> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
