import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditNamesLoader } from './audit-names.js';
import { AuditService } from './audit.service.js';
import { ApkAudit } from './subjects/apk-audit.js';
import { OfflinePackAudit } from './subjects/offline-pack-audit.js';
import { RecipeAudit } from './subjects/recipe-audit.js';
import { AUDIT_API_MESSAGES } from './audit-api.messages.js';
import { registerMessages } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(AUDIT_API_MESSAGES);

/** The auditor's trail of every event-sourced record, over the aggregates' own history queries. */
@Module({
  providers: [AuditService, AuditNamesLoader, RecipeAudit, ApkAudit, OfflinePackAudit],
  controllers: [AuditController],
})
export class AuditModule {}
