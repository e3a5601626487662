import { Module } from '@nestjs/common';
import { NoticePushQueue } from './notice-push-queue.js';
import { NoticesController } from './notices.controller.js';
import { NoticesService } from './notices.service.js';
import { NOTICE_API_MESSAGES } from './notice-api.messages.js';
import { registerMessages } from '../../common/messages.js';
// The list's export declaration (the list kit's ListExports writes its file).

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(NOTICE_API_MESSAGES);

/** Notices (§7 `inform`): written here, pushed by device-ingest, acknowledged by devices and the app. */
@Module({ providers: [NoticesService, NoticePushQueue], controllers: [NoticesController] })
export class NoticesModule {}
