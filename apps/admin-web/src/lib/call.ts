import type {
  StaffGetAnswer,
  StaffGetInput,
  StaffGetPath,
  StaffPostAnswer,
  StaffPostInput,
  StaffPostPath,
} from '@kb/contracts';
import { api, type CallOptions } from './api-client.js';

/** A call's options but its input (the path and the input say those). */
export type TypedCallOptions = Omit<CallOptions, 'method' | 'query' | 'json' | 'form'>;

/** What a command sends: arrays the caller holds read-only go as they are. */
type Sent<T> = T extends readonly (infer U)[]
  ? readonly Sent<U>[]
  : T extends object
    ? { [K in keyof T]: Sent<T[K]> }
    : T;
/** A query string: each field the query takes, as its own type or as the text it travels as (null: left out). */
export type QueryOf<T> = { [K in keyof T]: T[K] | string | null };

/** A list's whole (`onPage=false`) answer, of a route answering a page or the whole list. */
type Whole<A> = Extract<A, readonly unknown[]>;
/** What a query answers without `onPage=false`: of a list answering a page or the whole list, the page. */
export type Paged<A> = [Whole<A>] extends [never]
  ? A
  : [Exclude<A, readonly unknown[]>] extends [never]
    ? A
    : Exclude<A, readonly unknown[]>;
/** The lists that answer a page, or with `onPage=false` the whole list. */
type WholeListPath = {
  [P in StaffGetPath]: [Whole<StaffGetAnswer<P>>] extends [never]
    ? never
    : [Exclude<StaffGetAnswer<P>, readonly unknown[]>] extends [never]
      ? never
      : P;
}[StaffGetPath];

/** The input may be left out where the route takes nothing required. */
type InputArgs<I> =
  Record<never, never> extends I
    ? [input?: I, options?: TypedCallOptions]
    : [input: I, options?: TypedCallOptions];

/**
 * The API client typed by its routes (`staffGetRoutes`, `staffPostRoutes` of @kb/contracts): the path names what
 * the call takes and what it answers, so a wrong path, a missing field or a misread answer fails the build. Each
 * goes through `api()` (the envelope, the read position, the error catalogue).
 */
export const call = {
  /** `GET /api{path}` with the input as its query string. */
  get<P extends StaffGetPath>(path: P, ...[input, options]: InputArgs<QueryOf<StaffGetInput<P>>>) {
    return api<Paged<StaffGetAnswer<P>>>(path, { ...options, query: input as CallOptions['query'] });
  },
  /** `GET /api{path}` of a list with `onPage=false`: the whole list. */
  whole<P extends WholeListPath>(
    path: P,
    ...[input, options]: InputArgs<Omit<QueryOf<StaffGetInput<P>>, 'onPage'>>
  ) {
    const query = { ...(input as CallOptions['query']), onPage: false };
    return api<Whole<StaffGetAnswer<P>>>(path, { ...options, query });
  },
  /** `POST /api{path}` with the input as its JSON body. */
  post<P extends StaffPostPath>(path: P, ...[input, options]: InputArgs<Sent<StaffPostInput<P>>>) {
    return api<StaffPostAnswer<P>>(path, { ...options, method: 'POST', json: input });
  },
  /** `POST /api{path}` with a form (multipart or form-encoded) body. */
  form<P extends StaffPostPath>(path: P, form: FormData | URLSearchParams, options?: TypedCallOptions) {
    return api<StaffPostAnswer<P>>(path, { ...options, form });
  },
};

/** What the command at `/{prefix}/{route}` takes beside the fields named `K` (a record's `id`, a batch's `ids`). */
export type InputBeside<Prefix extends string, R extends string, K extends string> = R extends unknown
  ? `/${Prefix}/${R}` extends StaffPostPath
    ? Omit<StaffPostInput<`/${Prefix}/${R}`>, K>
    : never
  : never;

/** The last argument of a call passing `extra`: optional where it holds nothing required. */
export type ExtraArg<E> = Record<never, never> extends E ? [extra?: E] : [extra: E];

/** A one-record command as a row declares it: its route and what it sends beside the record's id (if anything). */
export type RowCommand<Prefix extends string, Routes extends string> = {
  [R in Routes]: { route: R } & (Record<never, never> extends InputBeside<Prefix, R, 'id'>
    ? { body?: InputBeside<Prefix, R, 'id'> }
    : { body: InputBeside<Prefix, R, 'id'> });
}[Routes];
