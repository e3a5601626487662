import { z } from 'zod';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  listDeletes,
  noticeAccountsQuerySchema,
  noticeAccountsSchema,
  noticeAckPointSchema,
  noticeDeliveriesQuerySchema,
  noticeDeliverySchema,
  noticeIdQuerySchema,
  noticeInputSchema,
  noticeListItemSchema,
  noticePushHealthSchema,
  noticeSchema,
  noticeSearchQuerySchema,
  noticeUpdateSchema,
  noticeVersionSchema,
  pageSchema,
  type NoticeState,
} from '@kb/contracts';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { noticeListExport } from './notice-list.export.js';
import { listExportEndpoints } from '../../common/list-export/list-export.endpoints.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { noticeNumber, NoticesService } from './notices.service.js';
import { conflict } from '../../common/app-error.js';

const noticesDeletes = deleteEndpoints(
  listDeletes.inform,
  {
    table: 'notices',
    columns: 'seq, state',
    // A pushed notice stays, with its counts: only drafts and cancelled ones go.
    refuse: (rows: { id: string; seq: number; state: NoticeState }[]) => {
      const kept = rows.filter((r) => r.state !== 'draft' && r.state !== 'cancelled');
      return kept.length
        ? conflict('notice_not_deletable', { numbers: kept.map((r) => noticeNumber(r.seq)).join(', ') })
        : undefined;
    },
  },
  listExportEndpoints(noticeListExport),
);

/** §7 `inform`: notices to the brand's devices and app users, their push and their received/read counts. */
@ApiTags('notices')
@Permission('read')
@Controller('inform')
export class NoticesController extends noticesDeletes {
  constructor(private readonly notices: NoticesService) {
    super();
  }

  @Get('search')
  @ApiAnswer(z.array(noticeListItemSchema))
  @ApiOperation({ summary: 'At most 50 notices whose number, label or title match the keyword' })
  @ApiQueryFrom(noticeSearchQuerySchema)
  async search(@Query() query: unknown) {
    return ok(await this.notices.search(parseInput(noticeSearchQuerySchema, query).keyword));
  }

  @Get('detail')
  @ApiAnswer(noticeSchema)
  @ApiOperation({ summary: 'One notice: texts, targets, push state and progress, received and read counts' })
  @ApiQueryFrom(noticeIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.notices.detail(parseInput(noticeIdQuerySchema, query).id));
  }

  @Get('deliveries')
  @ApiAnswer(pageSchema(noticeDeliverySchema))
  @ApiOperation({
    summary: 'One notice’s deliveries (device SN or app account), filter pending/received/read',
  })
  @ApiQueryFrom(noticeDeliveriesQuerySchema)
  async deliveries(@Query() query: unknown) {
    return ok(await this.notices.deliveries(parseInput(noticeDeliveriesQuerySchema, query)));
  }

  @Get('health')
  @ApiAnswer(noticePushHealthSchema)
  @ApiOperation({
    summary:
      'Push health: pushes running and failed, deliveries not received after the overdue limit, last push',
  })
  async health() {
    return ok(await this.notices.health());
  }

  @Get('ackChart')
  @ApiAnswer(z.array(noticeAckPointSchema))
  @ApiOperation({ summary: 'Received and read acknowledgements per minute, with running totals' })
  @ApiQueryFrom(noticeIdQuerySchema)
  async ackChart(@Query() query: unknown) {
    return ok(await this.notices.ackChart(parseInput(noticeIdQuerySchema, query).id));
  }

  @Permission('notice.edit')
  @Get('readAccounts')
  @ApiAnswer(noticeAccountsSchema)
  @ApiOperation({
    summary: 'What an uploaded list of accounts (purpose list) holds: known users, unknown accounts',
  })
  @ApiQueryFrom(noticeAccountsQuerySchema)
  async readAccounts(@Query() query: unknown) {
    return ok(await this.notices.readAccounts(parseInput(noticeAccountsQuerySchema, query).fileCode));
  }

  @Permission('notice.edit')
  @Post('add')
  @ApiAnswer(noticeSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a new notice as a draft' })
  @ApiBodyFrom(noticeInputSchema)
  async add(@Body() body: unknown) {
    return ok(await this.notices.add(parseBody(noticeInputSchema, body)), 'saved');
  }

  @Permission('notice.edit')
  @Post('update')
  @ApiAnswer(noticeSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Change a draft or scheduled notice (send the version loaded; 409 once pushing)' })
  @ApiBodyFrom(noticeUpdateSchema)
  async update(@Body() body: unknown) {
    return ok(await this.notices.update(parseBody(noticeUpdateSchema, body)), 'saved');
  }

  @Permission('notice.push')
  @Post('addAndPush')
  @ApiAnswer(noticeSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a new notice and push it (now, or at its timer time)' })
  @ApiBodyFrom(noticeInputSchema)
  async addAndPush(@Body() body: unknown) {
    const notice = await this.notices.addAndPush(parseBody(noticeInputSchema, body));
    return ok(notice, notice.state === 'scheduled' ? 'notice_scheduled' : 'notice_pushed');
  }

  @Permission('notice.push')
  @Post('push')
  @ApiAnswer(noticeSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Push a draft now or schedule it at its timer time; push a failed notice again' })
  @ApiBodyFrom(noticeVersionSchema)
  async push(@Body() body: unknown) {
    const { id, version } = parseBody(noticeVersionSchema, body);
    const notice = await this.notices.push(id, version);
    return ok(notice, notice.state === 'scheduled' ? 'notice_scheduled' : 'notice_pushed');
  }

  @Permission('notice.push')
  @Post('cancel')
  @ApiAnswer(noticeSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a draft or a scheduled push (its timer job is removed)' })
  @ApiBodyFrom(noticeVersionSchema)
  async cancel(@Body() body: unknown) {
    const { id, version } = parseBody(noticeVersionSchema, body);
    return ok(await this.notices.cancel(id, version), 'notice_cancelled');
  }
}
