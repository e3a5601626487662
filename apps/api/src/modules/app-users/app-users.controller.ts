import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  appUserDetailSchema,
  appUserDeviceRowSchema,
  appUserFavouriteRowSchema,
  appUserIdQuerySchema,
  appUserPartQuerySchema,
  appUserReviewRowSchema,
  appUserStatusSchema,
  cookingSessionRowSchema,
  listDeletes,
  pageSchema,
  updatedSchema,
} from '@kb/contracts';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { appUserListExport } from './app-user-list.export.js';
import { listExportEndpoints } from '../../common/list-export/list-export.endpoints.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { AppUsersService } from './app-users.service.js';
import { notifyAppUserSignOut } from '@kb/devices';

const appUsersDeletes = deleteEndpoints(
  listDeletes.user,
  {
    table: 'app_users',
    notFound: 'app_user_not_found',
    // Their favourites leave the recipes' counts (the rows go with the user).
    cascade: (client, _brand, ids) =>
      client.query(
        `WITH gone AS (
           SELECT brand_owner_code, recipe_id, count(*) AS n FROM app_favourites
            WHERE app_user_id = ANY($1::uuid[]) AND favourite GROUP BY 1, 2 ORDER BY 1, 2)
         UPDATE recipe_app_stats s SET favourites = greatest(0, s.favourites - gone.n)
           FROM gone WHERE s.brand_owner_code = gone.brand_owner_code AND s.recipe_id = gone.recipe_id`,
        [ids],
      ),
    after: (client, ids) => notifyAppUserSignOut(client, ids),
  },
  listExportEndpoints(appUserListExport),
);

/** §7 `user`: the brand's app users (registered in the app, or known from a device binding). */
@ApiTags('app users')
@Permission('read')
@Controller('user')
export class AppUsersController extends appUsersDeletes {
  constructor(private readonly users: AppUsersService) {
    super();
  }

  @Get('detail')
  @ApiAnswer(appUserDetailSchema)
  @ApiOperation({ summary: 'One app user' })
  @ApiQueryFrom(appUserIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.users.detail(parseInput(appUserIdQuerySchema, query).id));
  }

  @Get('devices')
  @ApiAnswer(pageSchema(appUserDeviceRowSchema))
  @ApiOperation({ summary: 'The devices bound to an app user, paged' })
  @ApiQueryFrom(appUserPartQuerySchema)
  async devices(@Query() query: unknown) {
    const { id, ...page } = parseInput(appUserPartQuerySchema, query);
    return ok(await this.users.devices(id, page));
  }

  @Get('favourites')
  @ApiAnswer(pageSchema(appUserFavouriteRowSchema))
  @ApiOperation({ summary: 'An app user’s favourite recipes, newest first, paged' })
  @ApiQueryFrom(appUserPartQuerySchema)
  async favourites(@Query() query: unknown) {
    const { id, ...page } = parseInput(appUserPartQuerySchema, query);
    return ok(await this.users.favourites(id, page));
  }

  @Get('cooking')
  @ApiAnswer(pageSchema(cookingSessionRowSchema))
  @ApiOperation({ summary: 'An app user’s cooking sessions (from their devices), newest first, paged' })
  @ApiQueryFrom(appUserPartQuerySchema)
  async cooking(@Query() query: unknown) {
    const { id, ...page } = parseInput(appUserPartQuerySchema, query);
    return ok(await this.users.cooking(id, page));
  }

  @Get('reviews')
  @ApiAnswer(pageSchema(appUserReviewRowSchema))
  @ApiOperation({ summary: 'An app user’s reviews, newest first, paged' })
  @ApiQueryFrom(appUserPartQuerySchema)
  async reviews(@Query() query: unknown) {
    const { id, ...page } = parseInput(appUserPartQuerySchema, query);
    return ok(await this.users.reviews(id, page));
  }

  @Permission('appUser.edit')
  @Post('updateStatus')
  @ApiAnswer(updatedSchema)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Enable or disable app users (all or none); a disabled user is signed out at once',
  })
  @ApiBodyFrom(appUserStatusSchema)
  async updateStatus(@Body() body: unknown) {
    const { ids, status } = parseBody(appUserStatusSchema, body);
    return ok(await this.users.setStatus(ids, status), 'saved');
  }
}
