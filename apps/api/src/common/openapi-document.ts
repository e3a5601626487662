import type { OpenAPIObject } from '@nestjs/swagger';
import { refusalSchema } from '@kb/contracts';
import { jsonSchemaOf } from './openapi.js';

type Json = Record<string, unknown>;

/** The session cookie's security scheme (DocumentBuilder.addCookieAuth names it `cookie`). */
const SESSION = 'cookie';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Each refusal of the envelope, and what it means. */
const REFUSALS: Record<number, string> = {
  400: 'Invalid input (`data.fieldErrors` names each field)',
  401: 'Not logged in',
  403: 'No permission for this, or another brand’s record',
  404: 'No such record (for the caller’s brand)',
  409: 'Changed by someone else, or not allowed in the record’s state',
  413: 'The body or file is too large',
  414: 'The address is too long',
  415: 'The file is not of a type this takes',
  429: 'Too many attempts: wait (`Retry-After`)',
  500: 'Unexpected failure (logged; no details)',
  503: 'A service it needs (database, queue, mail) is down: try again (`Retry-After`)',
};

/** JSON Schema 2020-12 as OpenAPI 3.1 takes it inline: no `$schema` of its own, `nullable` as a type of null. */
function asSchema31(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asSchema31);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) {
    if (key === '$schema') continue;
    out[key] = asSchema31(inner);
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
  }
  return out;
}

/**
 * The refusals an operation can give, read from its shape: input that may not parse (400; a body also 413), the
 * session (401, 403), a record it names (404), a change (409), an upload (413, 415), what it declares itself
 * (`x-refusals`: a throttle's 429, a queue's 503), and what any may give (414, 500, 503 with the database down).
 */
function refusalsOf(method: string, operation: Json, guarded: boolean): number[] {
  const parameters = (operation.parameters ?? []) as Json[];
  const body = operation.requestBody as { content?: Json } | undefined;
  const named = JSON.stringify(parameters) + JSON.stringify(body ?? {});
  const statuses = new Set<number>([414, 500, 503, ...((operation['x-refusals'] as number[]) ?? [])]);
  if (parameters.length || body) statuses.add(400);
  if (body) statuses.add(413);
  if (body?.content && 'multipart/form-data' in body.content) statuses.add(415);
  if (guarded) [401, 403].forEach((s) => statuses.add(s));
  if (/"ids?"|Id"|"sn"|fileCode/.test(named)) statuses.add(404);
  if (method === 'post' && guarded) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The staff API's OpenAPI 3.1 document from what Nest's generator gives: inline schemas made 3.1's (JSON Schema
 * 2020-12), the server, the session cookie required by every operation but the public ones (those without
 * `x-permission`), and each operation's answers — its success in the envelope (as its declaration documents it)
 * and the refusals it can give, in the refusal envelope.
 */
export function finishOpenApiDocument(generated: OpenAPIObject): OpenAPIObject {
  const document = asSchema31(generated) as OpenAPIObject & Json;
  document.openapi = '3.1.0';
  document.servers = [{ url: '/', description: 'This server (the API is under /api)' }];
  const components = (document.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  schemas.Refusal = asSchema31(jsonSchemaOf(refusalSchema, 'output'));
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, Json>)) {
      if (!METHODS.includes(method)) continue;
      const guarded = typeof operation['x-permission'] === 'string';
      operation.security = guarded ? [{ [SESSION]: [] }] : [];
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      const ok = (responses['200'] ?? responses['201'] ?? { description: 'Done' }) as Json;
      delete responses['201'];
      ok.content ??= {
        'application/json': {
          schema: {
            type: 'object',
            required: ['status', 'desc', 'data'],
            properties: { status: { const: 200 }, desc: { type: 'string' }, data: {} },
          },
        },
      };
      // A file's bytes (the captcha's PNG, a download): a string of that media type.
      for (const [mime, media] of Object.entries(ok.content as Record<string, Json>))
        media.schema ??= { type: 'string', contentMediaType: mime };
      ok.description ||= 'Done';
      responses['200'] = ok;
      for (const status of refusalsOf(method, operation, guarded))
        responses[String(status)] ??= {
          description: REFUSALS[status],
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
        };
      delete operation['x-refusals'];
      operation.responses = responses;
    }
  }
  return document;
}
