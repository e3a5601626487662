import { Body, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type pg from 'pg';
import { deletedSchema, type ListDeletes } from '@kb/contracts';
import { PG_POOL } from '../infra/tokens.js';
import { deleteBrandRecords, type RecordsDelete } from './brand-records.js';
import { ok } from './envelope.js';
import { ApiAnswer, ApiBodyFrom } from './openapi.js';
import { Permission } from './permission.decorator.js';
import { requestContext } from './request-context.js';
import { parseBody } from './validation.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes whatever its own class does
type AbstractClass = abstract new (...args: any[]) => object;
abstract class Plain {}

/**
 * The `delete` and `batchDelete` routes of a list (declared in `listDeletes` of @kb/contracts): the caller's brand's
 * records go as `records` says, all or none, answering how many went. For its controller to extend (`base`: the
 * controller's other kit routes, e.g. its `listExportEndpoints`); the controller keeps its route and tag.
 */
export function deleteEndpoints<R extends { id: string }, B extends AbstractClass = typeof Plain>(
  { permission, one: [one, oneSummary], many: [many, manySummary] }: ListDeletes,
  records: RecordsDelete<R>,
  base?: B,
) {
  const Base = (base ?? Plain) as B;
  const remove = (pool: pg.Pool, ids: string[]) =>
    deleteBrandRecords(pool, requestContext.brand(), records, ids);

  abstract class DeleteEndpoints extends Base {
    @Inject(PG_POOL) private readonly deletingPool!: pg.Pool;

    @Permission(permission)
    @Post('delete')
    @ApiAnswer(deletedSchema)
    @HttpCode(200)
    @ApiOperation({ summary: oneSummary })
    @ApiBodyFrom(one)
    async delete(@Body() body: unknown) {
      return ok(await remove(this.deletingPool, [parseBody(one, body).id]));
    }

    @Permission(permission)
    @Post('batchDelete')
    @ApiAnswer(deletedSchema)
    @HttpCode(200)
    @ApiOperation({ summary: manySummary })
    @ApiBodyFrom(many)
    async batchDelete(@Body() body: unknown) {
      return ok(await remove(this.deletingPool, parseBody(many, body).ids));
    }
  }
  return DeleteEndpoints;
}
