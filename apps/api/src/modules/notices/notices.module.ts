import { Module } from '@nestjs/common';
import { NoticePushQueue } from './notice-push-queue.js';
import { NoticesController } from './notices.controller.js';
import { NoticesService } from './notices.service.js';

/** Notices (§7 `inform`): written here, pushed by device-ingest, acknowledged by devices and the app. */
@Module({ providers: [NoticesService, NoticePushQueue], controllers: [NoticesController] })
export class NoticesModule {}
