import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, unknown>;

/** The session cookie's security scheme (DocumentBuilder.addCookieAuth names it `cookie`). */
const SESSION = 'cookie';

/**
 * The refusals any operation may answer, in the envelope: a body or query that does not parse, an address too long,
 * an unexpected failure; behind the session also not logged in and no permission; naming a record also no such
 * record (or another brand's); changing one also a version conflict or an illegal transition.
 */
const ERROR_STATUSES = {
  400: 'Invalid input (`data.fieldErrors` names each field)',
  401: 'Not logged in',
  403: 'No permission for this, or another brand’s record',
  404: 'No such record (for the caller’s brand)',
  409: 'Changed by someone else, or not allowed in the record’s state',
  414: 'The address is too long',
  500: 'Unexpected failure (logged; no details)',
} as const;

const envelope = (data: Json, status: number): Json => ({
  type: 'object',
  required: ['status', 'desc', 'data'],
  properties: {
    status: status === 200 ? { type: 'integer', const: 200 } : { type: 'integer', const: status },
    desc: { type: 'string', description: 'What happened, in the caller’s language' },
    data,
  },
});

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
 * The staff API's OpenAPI 3.1 document from what Nest's generator gives: inline schemas made 3.1's (JSON Schema
 * 2020-12), the server, the session cookie required by every operation but the public ones (those without
 * `x-permission`), and each operation's answers — its success in the envelope and the refusals it can give.
 */
export function finishOpenApiDocument(generated: OpenAPIObject): OpenAPIObject {
  const document = asSchema31(generated) as OpenAPIObject & Json;
  document.openapi = '3.1.0';
  document.servers = [{ url: '/', description: 'This server (the API is under /api)' }];
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, Json>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const guarded = typeof operation['x-permission'] === 'string';
      operation.security = guarded ? [{ [SESSION]: [] }] : [];
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      const ok = (responses['200'] ?? responses['201'] ?? { description: 'Done' }) as Json;
      delete responses['201'];
      if (!ok.content) ok.content = { 'application/json': { schema: envelope({}, 200) } };
      // A file's bytes (the captcha's PNG, a download): a string of that media type.
      for (const [mime, media] of Object.entries(ok.content as Record<string, Json>))
        media.schema ??= { type: 'string', contentMediaType: mime };
      ok.description ||= 'Done';
      responses['200'] = ok;
      const names = JSON.stringify(operation.parameters ?? []) + JSON.stringify(operation.requestBody ?? {});
      for (const [code, description] of Object.entries(ERROR_STATUSES)) {
        const status = Number(code);
        if (!guarded && (status === 401 || status === 403)) continue;
        if (status === 404 && !/"ids?"|Id"|"sn"|fileCode/.test(names)) continue;
        if (status === 409 && method !== 'post') continue;
        responses[code] ??= {
          description,
          content: { 'application/json': { schema: envelope({}, status) } },
        };
      }
      operation.responses = responses;
    }
  }
  return document;
}
