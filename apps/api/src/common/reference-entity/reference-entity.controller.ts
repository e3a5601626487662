import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res, type Type } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { once } from 'node:events';
import { z } from 'zod';
import {
  deletedSchema,
  deleteRefRecipeSchema,
  idSchema,
  idsSchema,
  linkedRecipeSchema,
  linksChangedSchema,
  linksRemovedSchema,
  listAnswerSchema,
  listFilterSchema,
  pageSchema,
  refRecipeListQuerySchema,
  searchQuerySchema,
  updateRefRecipeSchema,
} from '@kb/contracts';
import { ok } from '../envelope.js';
import { Permission } from '../permission.decorator.js';
import { ApiAnswer, ApiBodyFrom, ApiFileAnswer, ApiQueryFrom } from '../openapi.js';
import { parseBody, parseInput } from '../validation.js';
import type { Endpoint, ReferenceEntity } from './definition.js';
import { ReferenceEntityService, versionOnly } from './reference-entity.service.js';

const ALL: Endpoint[] = ['list', 'add', 'update', 'detail', 'delete', 'batchDelete', 'search'];

/** Turns a declared reference entity into its controller: `/api/<route>/list|add|update|detail|delete|batchDelete|search`. */
export function referenceEntityController<A extends object, D>(e: ReferenceEntity<A, D>): Type<unknown> {
  const record = e.dtoSchema;
  const list = listAnswerSchema(record);
  @ApiTags(e.label)
  @Permission('read')
  @Controller(e.route)
  class ReferenceController {
    constructor(@Inject(ReferenceEntityService) protected readonly entities: ReferenceEntityService) {}

    @Get('list')
    @ApiOperation({ summary: `${e.label}: paged list with filters (onPage=false for all)` })
    @ApiQueryFrom(e.list?.schema ?? listFilterSchema)
    @ApiAnswer(list)
    async list(@Query() query: unknown) {
      return ok(await this.entities.list(e, query));
    }

    @Post('list')
    @HttpCode(200)
    @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
    @ApiOperation({ summary: `${e.label}: the list as a form-encoded POST (onPage=false for all)` })
    @ApiBodyFrom(e.list?.schema ?? listFilterSchema)
    @ApiAnswer(list)
    async listByPost(@Body() body: unknown) {
      return ok(await this.entities.list(e, body));
    }

    @Get('export')
    @ApiOperation({
      summary: `${e.label}: the list under the same filters as CSV (UTF-8 with BOM, header in the caller's language), streamed`,
    })
    @ApiQueryFrom(e.list?.schema ?? listFilterSchema)
    @ApiFileAnswer('text/csv')
    async export(@Query() query: unknown, @Res() res: Response): Promise<void> {
      const name = `${e.exportFile ?? e.route}.csv`;
      // Headers go out only once the query passed its checks: a bad filter still answers the JSON envelope.
      const start = () => {
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      };
      // A receiver that went away ends the export (and frees its cursor) instead of waiting for it forever.
      const write = async (chunk: string) => {
        if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
        if (res.destroyed) throw new Error('export receiver closed');
      };
      try {
        await this.entities.exportCsv(e, query, start, write);
      } catch (error) {
        if (!res.headersSent) throw error;
        // Part of the file is out: cutting the connection makes the download fail, where an envelope appended
        // to the rows would leave a file that looks whole but is not.
        res.destroy();
        return;
      }
      res.end();
    }

    @Get('search')
    @ApiOperation({ summary: `${e.label}: quick search by number or name (at most 50)` })
    @ApiQueryFrom(searchQuerySchema)
    @ApiAnswer(z.array(record))
    async search(@Query() query: unknown) {
      return ok(await this.entities.search(e, query));
    }

    @Get('detail')
    @ApiOperation({ summary: `${e.label}: one record` })
    @ApiQueryFrom(idSchema)
    @ApiAnswer(record)
    async detail(@Query() query: unknown) {
      return ok(await this.entities.detail(e, parseInput(idSchema, query).id));
    }

    @Permission(e.addPermission ?? e.editPermission)
    @Post('add')
    @HttpCode(200)
    @ApiOperation({ summary: `${e.label}: create` })
    @ApiBodyFrom(e.addSchema)
    @ApiAnswer(record)
    async add(@Body() body: unknown) {
      return ok(await this.entities.add(e, body), 'saved');
    }

    @Permission(e.editPermission)
    @Post('update')
    @HttpCode(200)
    @ApiOperation({
      summary: `${e.label}: change (send the version you loaded; 409 when someone saved in between)`,
    })
    @ApiBodyFrom(z.intersection(versionOnly, e.addSchema))
    @ApiAnswer(record)
    async update(@Body() body: unknown) {
      return ok(await this.entities.update(e, body), 'saved');
    }

    @Permission(e.editPermission)
    @Post('delete')
    @HttpCode(200)
    @ApiOperation({ summary: `${e.label}: delete one` })
    @ApiBodyFrom(idSchema)
    @ApiAnswer(deletedSchema)
    async delete(@Body() body: unknown) {
      return ok(await this.entities.delete(e, [parseBody(idSchema, body).id]));
    }

    @Permission(e.editPermission)
    @Post('batchDelete')
    @HttpCode(200)
    @ApiOperation({ summary: `${e.label}: delete several (all or none)` })
    @ApiBodyFrom(idsSchema)
    @ApiAnswer(deletedSchema)
    async batchDelete(@Body() body: unknown) {
      return ok(await this.entities.delete(e, parseBody(idsSchema, body).ids));
    }
  }

  // The ordered recipes of a record (banners, themed groups): only where the entity declares links.
  class LinkedController extends ReferenceController {
    @Permission('read')
    @Get('refRecipeList')
    @ApiOperation({ summary: `${e.label}: the record's linked recipes in their order (paged)` })
    @ApiQueryFrom(refRecipeListQuerySchema)
    @ApiAnswer(pageSchema(linkedRecipeSchema))
    async refRecipeList(@Query() query: unknown) {
      return ok(await this.entities.refRecipeList(e, query));
    }

    @Permission(e.editPermission)
    @Post('updateRefRecipe')
    @HttpCode(200)
    @ApiOperation({
      summary: `${e.label}: link recipes or move them (a recipe with a sort takes that place, one without goes last)`,
    })
    @ApiBodyFrom(updateRefRecipeSchema)
    @ApiAnswer(linksChangedSchema)
    async updateRefRecipe(@Body() body: unknown) {
      return ok(await this.entities.updateRefRecipe(e, body), 'saved');
    }

    @Permission(e.editPermission)
    @Post('deleteRefRecipe')
    @HttpCode(200)
    @ApiOperation({ summary: `${e.label}: unlink recipes` })
    @ApiBodyFrom(deleteRefRecipeSchema)
    @ApiAnswer(linksRemovedSchema)
    async deleteRefRecipe(@Body() body: unknown) {
      return ok(await this.entities.deleteRefRecipe(e, body));
    }
  }

  const wanted = new Set<Endpoint | 'export'>(e.endpoints ?? ALL);
  if (e.exportColumns && wanted.has('list')) wanted.add('export');
  const methods: Record<Endpoint | 'export', (keyof ReferenceController)[]> = {
    list: ['list', 'listByPost'],
    export: ['export'],
    search: ['search'],
    detail: ['detail'],
    add: ['add'],
    update: ['update'],
    delete: ['delete'],
    batchDelete: ['batchDelete'],
  };
  for (const [endpoint, names] of Object.entries(methods) as [
    Endpoint | 'export',
    (keyof ReferenceController)[],
  ][]) {
    if (!wanted.has(endpoint))
      for (const name of names)
        delete (ReferenceController.prototype as unknown as Record<string, unknown>)[name];
  }
  const made = e.links ? LinkedController : ReferenceController;
  Object.defineProperty(made, 'name', {
    value: `${e.route[0]!.toUpperCase()}${e.route.slice(1)}Controller`,
  });
  return made;
}
