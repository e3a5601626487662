import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '@kb/contracts';
import { z } from 'zod';

/** How a route knows its caller: a device credential, a brand's factory key, or an app user's token. */
export type Security = 'deviceCredential' | 'activationKey' | 'appToken';

/** What a route answers when all is well: the status, what it means and the schema of the envelope's `data`. */
export interface RouteAnswer {
  status: number;
  description: string;
  /** The envelope's `data` (absent: `null`). */
  data?: z.ZodType;
  /** Response headers worth telling (ETag...). */
  headers?: Record<string, string>;
  /** Other successful answers (304 of a conditional GET), by status. */
  others?: Record<number, string>;
}

/**
 * One endpoint of the gateway, declared once: the router serves it (body and query validated by their zod schemas
 * before `handle` runs) and the API's OpenAPI document is generated from it (the same schemas, its answer and
 * every refusal it can give).
 */
export interface ApiRoute<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, C = unknown> {
  method: 'GET' | 'POST';
  url: string;
  operationId: string;
  summary: string;
  security?: Security;
  body?: B;
  /** Largest body in bytes (413 beyond it); the gateway's default otherwise. */
  bodyLimit?: number;
  bodyDescription?: string;
  querystring?: Q;
  /** Request headers the route reads besides its security (If-None-Match...). */
  headers?: { name: string; description: string }[];
  answer: RouteAnswer;
  /** Refusals the route gives besides those of its body, query and security (which are listed for it). */
  refusals?: Record<number, string>;
  /** Posts that a busy queue refuses (503 with Retry-After) before their body is read. */
  backpressure?: boolean;
  /**
   * Runs before the body is read: who calls (a refused credential costs no body) and whether the queue takes more.
   * What it returns is `handle`'s `caller`.
   */
  before?: (req: FastifyRequest) => Promise<C>;
  handle(
    req: FastifyRequest<{ Body: z.output<B>; Querystring: z.output<Q> }>,
    reply: FastifyReply,
    caller: C,
  ): Promise<Envelope | void>;
}

/** Declares a route with its body, query and caller types inferred (a list of routes holds them as `ApiRoute`). */
export function route<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, C = unknown>(
  declaration: ApiRoute<B, Q, C>,
): ApiRoute {
  return declaration as unknown as ApiRoute;
}

/** One API of the gateway: its routes under one prefix and what its document says about it. */
export interface Api {
  prefix: '/device/v1' | '/app/v1';
  title: string;
  description: string;
  securitySchemes: Partial<Record<Security, object>>;
  /** The shape of a refusal's `data` in this API. */
  refusalData: z.ZodType;
  routes: ApiRoute[];
}

/** What each refusal status means, unless a route says it better. */
const REFUSALS: Record<number, string> = {
  400: 'Invalid body or query: `desc` names the first problem, `data.fieldErrors` every field (`messages.0.sampledAt`)',
  401: 'No, unknown or revoked credential',
  405: 'Another method than the route’s (header `Allow` names it)',
  413: 'Body larger than the route’s limit (the connection is closed)',
  415: 'Body is not application/json',
  500: 'Internal error (the log line names the request id of header `x-request-id`)',
  503:
    'Nothing accepted: the workers are behind (`data.retryAfterSeconds`, header `Retry-After`) or Redis is away; ' +
    'keep what was posted and post it again after that long',
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
  });
  return rest;
};

const envelope = (data: object) => ({
  type: 'object',
  required: ['status', 'desc', 'data'],
  properties: { status: { type: 'integer' }, desc: { type: 'string' }, data },
});

const json = (schema: object) => ({ 'application/json': { schema } });

const requestIdHeader = {
  'x-request-id': {
    description: 'The request’s id (the one sent, or a new one): log lines of the request name it',
    schema: { type: 'string' },
  },
};

/** The parameters of a query schema (an object): one per property, required as the schema says. */
function queryParameters(schema: z.ZodType) {
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    ...('description' in property ? { description: property.description } : {}),
    schema: property,
  }));
}

/** The OpenAPI 3.1 document of one API, generated from its route declarations. */
export function openApiDocument(api: Api) {
  const refusal = (description: string) => ({
    description,
    headers: requestIdHeader,
    content: json(envelope({ anyOf: [{ type: 'null' }, jsonSchema(api.refusalData, 'output')] })),
  });
  const paths: Record<string, Record<string, object>> = {};
  for (const r of api.routes) {
    const refusals: Record<number, string> = { 500: REFUSALS[500]! };
    if (r.body || r.querystring) refusals[400] = REFUSALS[400]!;
    if (r.body) Object.assign(refusals, { 413: REFUSALS[413], 415: REFUSALS[415] });
    if (r.security && r.security !== 'activationKey') refusals[401] = REFUSALS[401]!;
    if (r.backpressure) refusals[503] = REFUSALS[503]!;
    Object.assign(refusals, r.refusals);
    const answer = {
      description: r.answer.description,
      headers: {
        ...requestIdHeader,
        ...Object.fromEntries(
          Object.entries(r.answer.headers ?? {}).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        ),
      },
      content: json(envelope(r.answer.data ? jsonSchema(r.answer.data, 'output') : { type: 'null' })),
    };
    const parameters = [
      ...(r.querystring ? queryParameters(r.querystring) : []),
      ...(r.headers ?? []).map((h) => ({
        name: h.name,
        in: 'header',
        required: false,
        description: h.description,
        schema: { type: 'string' },
      })),
    ];
    (paths[r.url] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      security: r.security ? [{ [r.security]: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body
        ? {
            requestBody: {
              required: true,
              ...(r.bodyDescription || r.bodyLimit
                ? {
                    description: [r.bodyLimit && `At most ${r.bodyLimit} bytes.`, r.bodyDescription]
                      .filter(Boolean)
                      .join(' '),
                  }
                : {}),
              content: json(jsonSchema(r.body, 'input')),
            },
          }
        : {}),
      responses: {
        [r.answer.status]: answer,
        ...Object.fromEntries(
          Object.entries(r.answer.others ?? {}).map(([status, description]) => [status, { description }]),
        ),
        ...Object.fromEntries(
          Object.entries(refusals).map(([status, description]) => [status, refusal(description)]),
        ),
      },
    };
  }
  paths[`${api.prefix}/openapi.json`] = {
    get: {
      operationId: `${api.prefix.split('/')[1]}OpenApiDocument`,
      summary: 'This document (as it is, not in the envelope)',
      security: [],
      responses: {
        200: { description: 'This document', content: json({ type: 'object' }) },
        500: refusal(REFUSALS[500]!),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: api.title, version: '1', description: api.description },
    servers: [{ url: '/' }],
    components: { securitySchemes: api.securitySchemes },
    paths,
  };
}
