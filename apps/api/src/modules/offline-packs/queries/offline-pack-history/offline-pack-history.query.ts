import { Query } from '@nestjs/cqrs';
import type { OfflinePackHistory, UiLang } from '@kb/contracts';

/**
 * The auditor's timeline of one pack: every event of its stream with who, when, what changed and the state as of
 * that event. Read from the stream itself, so it stays readable after delete.
 */
export class OfflinePackHistoryQuery extends Query<OfflinePackHistory> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
