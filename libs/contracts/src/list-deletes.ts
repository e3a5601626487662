import type { z } from 'zod';
import type { Permission } from './permissions.js';
import { idSchema, idsSchema } from './catalog.js';
import { deletedSchema } from './answer-schemas.js';
import {
  deviceIdQuerySchema,
  deviceIdsSchema,
  testDeviceIdQuerySchema,
  testDeviceIdsSchema,
} from './device.js';
import {
  appUserIdQuerySchema,
  appUserIdsSchema,
  searchRecordIdQuerySchema,
  searchRecordIdsSchema,
} from './app-user.js';
import { payingUserIdQuerySchema, payingUserIdsSchema } from './paying-user.js';
import { noticeIdQuerySchema, noticeIdsSchema } from './notice.js';

/** A delete route's body and its line in the API document. */
export type DeleteRoute<B> = readonly [body: z.ZodType<B>, summary: string];

/**
 * A list's deletes under `/api/<route>/`: `delete` takes one record's id, `batchDelete` several (all or none), both
 * under one permission, both answering how many went.
 */
export interface ListDeletes<
  O extends z.ZodType<{ id: string }> = z.ZodType<{ id: string }>,
  M extends z.ZodType<{ ids: string[] }> = z.ZodType<{ ids: string[] }>,
> {
  permission: Permission;
  one: readonly [body: O, summary: string];
  many: readonly [body: M, summary: string];
}

const deletes = <O extends z.ZodType<{ id: string }>, M extends z.ZodType<{ ids: string[] }>>(
  permission: Permission,
  one: readonly [O, string],
  many: readonly [M, string],
): ListDeletes<O, M> => ({ permission, one, many });

/** The lists whose records go by `delete`/`batchDelete` (the API's `deleteEndpoints` serves each), by route. */
export const listDeletes = {
  device: deletes(
    'device.edit',
    [deviceIdQuerySchema, 'Delete one device with its credentials and telemetry (its fault records stay)'],
    [deviceIdsSchema, 'Delete several devices (all or none)'],
  ),
  testDevice: deletes(
    'testDevice.edit',
    [testDeviceIdQuerySchema, 'Remove one device from the test group'],
    [testDeviceIdsSchema, 'Remove several devices from the test group (all or none)'],
  ),
  deviceFaultLog: deletes(
    'fault.delete',
    [idSchema, 'Delete one fault record'],
    [idsSchema, 'Delete several fault records (all or none)'],
  ),
  user: deletes(
    'appUser.edit',
    [
      appUserIdQuerySchema,
      'Delete an app user with their sign-ins, favourites, reviews and search records (cooking sessions stay, unbound)',
    ],
    [appUserIdsSchema, 'Delete several app users (all or none), as `delete`'],
  ),
  userSearchRecord: deletes(
    'appUser.edit',
    [searchRecordIdQuerySchema, 'Delete one search record'],
    [searchRecordIdsSchema, 'Delete several search records (all or none)'],
  ),
  vipUser: deletes(
    'appUser.edit',
    [payingUserIdQuerySchema, 'End one account’s paying status (the app user stays)'],
    [payingUserIdsSchema, 'End several accounts’ paying status (all or none), as `delete`'],
  ),
  inform: deletes(
    'notice.edit',
    [noticeIdQuerySchema, 'Delete a draft or cancelled notice'],
    [noticeIdsSchema, 'Delete several drafts or cancelled notices (all or none)'],
  ),
};
export type ListDeleteRoute = keyof typeof listDeletes;

type Deletes = typeof listDeletes;
type Route<I extends z.ZodType> = { input: I; answer: typeof deletedSchema };
export type ListDeletePostRoutes = {
  [R in ListDeleteRoute as `/${R}/delete`]: Route<Deletes[R]['one'][0]>;
} & { [R in ListDeleteRoute as `/${R}/batchDelete`]: Route<Deletes[R]['many'][0]> };

/** The delete routes of `listDeletes` as the typed client and the route table see them. */
export function listDeletePostRoutes(): ListDeletePostRoutes {
  const routes: Record<string, Route<z.ZodType>> = {};
  for (const [name, { one, many }] of Object.entries(listDeletes)) {
    routes[`/${name}/delete`] = { input: one[0], answer: deletedSchema };
    routes[`/${name}/batchDelete`] = { input: many[0], answer: deletedSchema };
  }
  return routes as ListDeletePostRoutes;
}
