import { z } from 'zod';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  deletedSchema,
  savedViewIdSchema,
  savedViewListQuerySchema,
  savedViewSaveSchema,
  savedViewSchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { SavedViewsService } from './saved-views.service.js';

/** `/api/savedView/*`: a staff member's saved list views (filters, sort, columns), private or shared. */
@ApiTags('saved views')
@Permission('read')
@Controller('savedView')
export class SavedViewsController {
  constructor(private readonly views: SavedViewsService) {}

  @Get('list')
  @ApiAnswer(z.array(savedViewSchema))
  @ApiOperation({ summary: 'The caller’s views of one list, then those others shared with the brand' })
  @ApiQueryFrom(savedViewListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.views.list(parseInput(savedViewListQuerySchema, query).list));
  }

  @Post('save')
  @ApiAnswer(savedViewSchema)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Save the list’s filters, sort and columns under a name (the same name replaces the caller’s view), optionally shared with the brand',
  })
  @ApiBodyFrom(savedViewSaveSchema)
  async save(@Body() body: unknown) {
    return ok(await this.views.save(parseBody(savedViewSaveSchema, body)), 'saved_view_saved');
  }

  @Post('delete')
  @ApiAnswer(deletedSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a view: its owner, or an admin for a shared one (403 otherwise)' })
  @ApiBodyFrom(savedViewIdSchema)
  async delete(@Body() body: unknown) {
    return ok(await this.views.delete(parseBody(savedViewIdSchema, body).id), 'saved_view_deleted');
  }
}
