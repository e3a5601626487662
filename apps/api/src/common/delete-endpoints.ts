import { Body, HttpCode, Inject, Post, type Type } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { deletedSchema, type Permission as PermissionName } from '@kb/contracts';
import type { z } from 'zod';
import { ok } from './envelope.js';
import { ApiAnswer, ApiBodyFrom } from './openapi.js';
import { Permission } from './permission.decorator.js';
import { parseBody } from './validation.js';

/** A delete route's body (`{ id }` or `{ ids }`) and its line in the API document. */
type Route<B> = readonly [body: z.ZodType<B>, summary: string];

/**
 * A list's deletes: `delete` takes one record's id, `batchDelete` several (all or none), both under one permission
 * and answering how many went.
 */
export interface DeleteRoutes<S, B> {
  one: Route<{ id: string }>;
  many: Route<{ ids: string[] }>;
  /** Deletes the records of the caller's brand, all or none (default: the service's `delete(ids)`). */
  remove?(service: S, ids: string[]): Promise<z.output<typeof deletedSchema>>;
  /** The controller's other kit routes, e.g. its `listExportEndpoints`. */
  base?: B;
}

interface Deleting {
  delete(ids: string[]): Promise<z.output<typeof deletedSchema>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes whatever its own class does
type AbstractClass = abstract new (...args: any[]) => object;
abstract class Plain {}

/**
 * The `delete` and `batchDelete` routes of a list whose `service` deletes its records, for its controller to
 * extend; the controller keeps its route and tag.
 */
export function deleteEndpoints<S, B extends AbstractClass = typeof Plain>(
  service: Type<S>,
  permission: PermissionName,
  routes: DeleteRoutes<S, B>,
) {
  const [one, oneSummary] = routes.one;
  const [many, manySummary] = routes.many;
  const remove = (deleting: S, ids: string[]) =>
    routes.remove ? routes.remove(deleting, ids) : (deleting as S & Deleting).delete(ids);
  const Base = (routes.base ?? Plain) as B;

  abstract class DeleteEndpoints extends Base {
    @Inject(service) private readonly deleting!: S;

    @Permission(permission)
    @Post('delete')
    @ApiAnswer(deletedSchema)
    @HttpCode(200)
    @ApiOperation({ summary: oneSummary })
    @ApiBodyFrom(one)
    async delete(@Body() body: unknown) {
      return ok(await remove(this.deleting, [parseBody(one, body).id]));
    }

    @Permission(permission)
    @Post('batchDelete')
    @ApiAnswer(deletedSchema)
    @HttpCode(200)
    @ApiOperation({ summary: manySummary })
    @ApiBodyFrom(many)
    async batchDelete(@Body() body: unknown) {
      return ok(await remove(this.deleting, parseBody(many, body).ids));
    }
  }
  return DeleteEndpoints;
}
