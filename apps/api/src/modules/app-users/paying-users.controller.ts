import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  jobRunSchema,
  listDeletes,
  payingUserDetailSchema,
  payingUserIdQuerySchema,
  payingUserImportRequestSchema,
  payingUserListPageSchema,
  payingUserListQuerySchema,
} from '@kb/contracts';
import { PAYING_USER_IMPORT_JOB, PAYING_USER_IMPORT_QUEUE } from '@kb/platform';
import { actorOfRequest } from '../../common/actor.js';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { JobLauncher } from '../jobs/job-launcher.js';
import { PayingUsersService } from './paying-users.service.js';

const payingUsersDeletes = deleteEndpoints(listDeletes.vipUser, {
  table: 'paying_users',
  notFound: 'paying_user_not_found',
});

/** §7 `vipUser`: the brand's paying users, imported from the template. */
@ApiTags('paying users')
@Permission('read')
@Controller('vipUser')
export class PayingUsersController extends payingUsersDeletes {
  constructor(
    private readonly payingUsers: PayingUsersService,
    private readonly launcher: JobLauncher,
  ) {
    super();
  }

  @Get('list')
  @ApiAnswer(payingUserListPageSchema)
  @ApiOperation({
    summary:
      'Paying users of the brand, newest first; filters: account, nickname, level, state, end date range',
  })
  @ApiQueryFrom(payingUserListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.payingUsers.list(parseInput(payingUserListQuerySchema, query)));
  }

  @Get('detail')
  @ApiAnswer(payingUserDetailSchema)
  @ApiOperation({ summary: 'One paying user, with the import that last changed it' })
  @ApiQueryFrom(payingUserIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.payingUsers.detail(parseInput(payingUserIdQuerySchema, query).id));
  }

  @Permission('appUser.edit')
  @Post('importData')
  @ApiAnswer(jobRunSchema)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Import paying users from an uploaded template (purpose list: csv or xlsx) as a job: every row reported added, updated, unchanged or refused (why); follow it at /api/recipe/asyncTask/detail',
  })
  @ApiBodyFrom(payingUserImportRequestSchema)
  async importData(@Body() body: unknown) {
    const { fileCode, fileName } = parseBody(payingUserImportRequestSchema, body);
    const actor = actorOfRequest();
    await this.payingUsers.checkImportFile(fileCode);
    const run = await this.launcher.start(actor, {
      queue: PAYING_USER_IMPORT_QUEUE,
      job: PAYING_USER_IMPORT_JOB,
      kind: 'paying-user-import',
      payload: { fileCode, fileName },
      params: { fileName },
    });
    return ok(run);
  }
}
