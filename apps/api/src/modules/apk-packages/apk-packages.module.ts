import { Module } from '@nestjs/common';
import { ApkCommandRunner } from './apk-command-runner.js';
import { ApkCommandsController } from './apk-commands.controller.js';
import { ApkQueriesController } from './apk-queries.controller.js';
import { ApkReferences } from './apk-references.js';
import { ApkStreams } from './apk-streams.js';
import { AuditApksHandler } from './commands/audit-apks/audit-apks.handler.js';
import { CreateApkHandler } from './commands/create-apk/create-apk.handler.js';
import { DeleteApksHandler } from './commands/delete-apks/delete-apks.handler.js';
import { RecallApkHandler } from './commands/recall-apk/recall-apk.handler.js';
import { ReviseApkHandler } from './commands/revise-apk/revise-apk.handler.js';
import { SetApkReleaseStatusHandler } from './commands/set-apk-release-status/set-apk-release-status.handler.js';
import { SetApkTestStatusHandler } from './commands/set-apk-test-status/set-apk-test-status.handler.js';
import { SubmitApkHandler } from './commands/submit-apk/submit-apk.handler.js';
import { ApkDetailHandler } from './queries/apk-detail/apk-detail.handler.js';
import { ApkHistoryHandler } from './queries/apk-history/apk-history.handler.js';
import { LastSubmitVersionHandler } from './queries/last-submit-version/last-submit-version.handler.js';
import { ListApksHandler } from './queries/list-apks/list-apks.handler.js';
import { SearchApksHandler } from './queries/search-apks/search-apks.handler.js';
import { APK_DOMAIN_MESSAGES, APK_DOMAIN_WORDS } from './apk-domain.messages.js';
import { APK_API_MESSAGES } from './apk-api.messages.js';
import { registerMessages, registerWords } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(APK_DOMAIN_MESSAGES);
registerWords(APK_DOMAIN_WORDS);
registerMessages(APK_API_MESSAGES);

/** Event-sourced sub-brand APK packages (issue 6): commands on `apk-<id>` streams, queries on the APK read models. */
@Module({
  providers: [
    ApkStreams,
    ApkReferences,
    ApkCommandRunner,
    CreateApkHandler,
    ReviseApkHandler,
    SubmitApkHandler,
    RecallApkHandler,
    AuditApksHandler,
    SetApkTestStatusHandler,
    SetApkReleaseStatusHandler,
    DeleteApksHandler,
    ListApksHandler,
    SearchApksHandler,
    ApkDetailHandler,
    LastSubmitVersionHandler,
    ApkHistoryHandler,
  ],
  controllers: [ApkCommandsController, ApkQueriesController],
})
export class ApkPackagesModule {}
