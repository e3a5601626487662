import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  auditCompareQuerySchema,
  auditComparisonSchema,
  auditEndedPageSchema,
  auditEndedQuerySchema,
  auditHistorySchema,
  auditRecordQuerySchema,
  auditStateQuerySchema,
  auditStateSchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiFileAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { AuditService } from './audit.service.js';

/**
 * The audit trail of recipes, APK packages and offline packs, replayed from their streams (never the read
 * models). Anyone who reads may read a live record's trail; a cleared or deleted record's is for `audit.read`.
 */
@ApiTags('audit')
@Permission('read')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('history')
  @ApiAnswer(auditHistorySchema)
  @ApiOperation({
    summary:
      'A record’s trail: each event with who, when, its status after, and what changed, worded in the caller’s language',
  })
  @ApiQueryFrom(auditRecordQuerySchema)
  async history(@Query() query: unknown) {
    const { kind, id } = parseInput(auditRecordQuerySchema, query);
    return ok(await this.audit.history(requestContext.brand(), requestContext.lang(), kind, id));
  }

  @Get('state')
  @ApiAnswer(auditStateSchema)
  @ApiOperation({ summary: 'The record as of one event (its stream revision), with the names it refers to' })
  @ApiQueryFrom(auditStateQuerySchema)
  async state(@Query() query: unknown) {
    const { kind, id, revision } = parseInput(auditStateQuerySchema, query);
    return ok(await this.audit.state(requestContext.brand(), requestContext.lang(), kind, id, revision));
  }

  @Get('compare')
  @ApiAnswer(auditComparisonSchema)
  @ApiOperation({ summary: 'What changed between two versions (stream revisions) of a record' })
  @ApiQueryFrom(auditCompareQuerySchema)
  async compare(@Query() query: unknown) {
    const { kind, id, from, to } = parseInput(auditCompareQuerySchema, query);
    return ok(await this.audit.compare(requestContext.brand(), requestContext.lang(), kind, id, from, to));
  }

  @Get('export')
  @ApiOperation({ summary: 'A record’s trail as CSV (UTF-8 with BOM, one row per change) for an audit file' })
  @ApiFileAnswer('text/csv')
  @ApiQueryFrom(auditRecordQuerySchema)
  async export(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { kind, id } = parseInput(auditRecordQuerySchema, query);
    const file = await this.audit.csv(requestContext.brand(), requestContext.lang(), kind, id);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    res.send(file.body);
  }

  @Get('ended')
  @ApiAnswer(auditEndedPageSchema)
  @Permission('audit.read')
  @ApiOperation({
    summary: 'Cleared recipes, deleted APK packages or offline packs, most recently ended first',
  })
  @ApiQueryFrom(auditEndedQuerySchema)
  async ended(@Query() query: unknown) {
    const { kind, before, size } = parseInput(auditEndedQuerySchema, query);
    return ok(await this.audit.ended(requestContext.brand(), requestContext.lang(), kind, before, size));
  }
}
