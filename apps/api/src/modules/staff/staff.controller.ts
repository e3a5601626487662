import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  pageSchema,
  staffChangeSchema,
  staffChangesQuerySchema,
  staffIdSchema,
  staffInviteSchema,
  staffListQuerySchema,
  staffRowSchema,
  staffUpdateSchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { StaffService } from './staff.service.js';

/** The brand's staff accounts, for its admins: `/api/staff/*`. */
@ApiTags('staff')
@Permission('staff.manage')
@Controller('staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get('list')
  @ApiAnswer(pageSchema(staffRowSchema))
  @ApiOperation({ summary: 'The brand’s staff accounts, newest first, with filters' })
  @ApiQueryFrom(staffListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.staff.list(parseInput(staffListQuerySchema, query)));
  }

  @Post('invite')
  @ApiAnswer(staffRowSchema)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create an account with a role and mail the invitee the link to set a password (first-login email code)',
  })
  @ApiBodyFrom(staffInviteSchema)
  async invite(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(staffInviteSchema, body);
    return ok(await this.staff.invite(input, `${req.protocol}://${req.get('host')}`), 'staff_invited');
  }

  @Post('update')
  @ApiAnswer(staffRowSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Set an account’s name and role; the last active admin cannot be demoted (409)' })
  @ApiBodyFrom(staffUpdateSchema)
  async update(@Body() body: unknown) {
    const { id, ...input } = parseBody(staffUpdateSchema, body);
    return ok(await this.staff.update(id, input), 'saved');
  }

  @Post('disable')
  @ApiAnswer(staffRowSchema)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Disable an account: its sessions end and it cannot log in; not the last active admin (409)',
  })
  @ApiBodyFrom(staffIdSchema)
  async disable(@Body() body: unknown) {
    return ok(await this.staff.setDisabled(parseBody(staffIdSchema, body).id, true), 'saved');
  }

  @Post('enable')
  @ApiAnswer(staffRowSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable a disabled account again' })
  @ApiBodyFrom(staffIdSchema)
  async enable(@Body() body: unknown) {
    return ok(await this.staff.setDisabled(parseBody(staffIdSchema, body).id, false), 'saved');
  }

  @Get('changes')
  @ApiAnswer(pageSchema(staffChangeSchema))
  @ApiOperation({
    summary: 'An account’s audit trail: who invited, changed, disabled or enabled it, newest first',
  })
  @ApiQueryFrom(staffChangesQuerySchema)
  async changes(@Query() query: unknown) {
    const { id, ...page } = parseInput(staffChangesQuerySchema, query);
    return ok(await this.staff.changes(id, page));
  }
}
