import { Body, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { jobRunSchema, listExportBodySchema } from '@kb/contracts';
import { ok } from '../envelope.js';
import { Permission } from '../permission.decorator.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../openapi.js';
import { parseInput } from '../validation.js';
import type { z } from 'zod';
import type { ListExportDeclaration } from './list-export.js';
import { ListExports } from './list-exports.service.js';

/**
 * The `/list` and `exportData` routes of a declared list, for its controller to extend: both read the list's
 * query with the same schema, so the file holds what the screen shows; reading the list is all either needs. The
 * controller keeps its route and tag and adds the routes only it has.
 */
export function listExportEndpoints<S, Q extends z.ZodObject, R>(
  declaration: ListExportDeclaration<S, Q, R>,
) {
  abstract class ListExportEndpoints {
    @Inject(declaration.service) private readonly listed!: S;
    @Inject(ListExports) private readonly listExports!: ListExports;

    @Permission('read')
    @Post('exportData')
    @ApiAnswer(jobRunSchema)
    @HttpCode(200)
    @ApiOperation({
      summary: `Export ${declaration.rows} the list’s filters and sort show to CSV or xlsx as a job: answers the run (follow it at /api/recipe/asyncTask/detail, download at /api/jobs/download)`,
    })
    @ApiBodyFrom(listExportBodySchema(declaration.schema))
    async exportData(@Body() body: unknown) {
      return ok(await this.listExports.start(declaration.list, body));
    }

    @Permission('read')
    @Get('list')
    @ApiAnswer(declaration.answer)
    @ApiOperation({ summary: declaration.summary })
    @ApiQueryFrom(declaration.schema)
    async list(@Query() query: unknown) {
      return ok(await declaration.page(this.listed, parseInput(declaration.schema, query)));
    }
  }
  return ListExportEndpoints;
}
