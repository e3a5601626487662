import { connect } from 'node:net';
import fc from 'fast-check';
import { signedInForSuite, staffDocForSuite, testApiForSuite, type Client } from './harness.js';

/**
 * Generated bad input against every operation of the OpenAPI document: requests derived from each operation's
 * parameter and body schemas, then mutated (NUL, lone surrogates, control characters, huge strings, extreme dates,
 * out-of-range numbers, wrong types, arrays for scalars, missing fields, malformed JSON, wrong content types). No
 * answer may be a 5xx, and every answer is the envelope with a `desc`.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  $ref?: string;
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Operations that would end the fuzzing session itself. */
const SKIPPED = new Set(['POST /api/auth/logout']);

const SEED = 20261125;
/** Requests per operation: one well-formed, the rest mutated. */
const RUNS = 10;

const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u0007\u001b[31m',
  '\u0085',
  'x'.repeat(20_000),
  '-271821-04-20',
  '275760-09-13T00:00:00Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '1e400',
  'NaN',
  '-Infinity',
  '2147483648',
  '-9223372036854775809',
  '1.5',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '__proto__',
  '',
  ' ',
];
const BAD_VALUES: unknown[] = [
  ...BAD_STRINGS,
  -1,
  0,
  2 ** 31,
  2 ** 63,
  -(2 ** 53),
  1.5,
  1e308,
  true,
  null,
  [],
  {},
  ['a', 'b'],
  [null],
  { $gt: '' },
  { __proto__: { polluted: 1 } },
  [['nested']],
];
/** Query strings are text: scalar bad values plus repeated keys (arrays) and bracket objects. */
const BAD_QUERY = [...BAD_STRINGS.filter((s) => s.length < 5_000), 'x'.repeat(4_000)];

function resolve(doc: OpenApiDoc, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  return schema;
}

/** A plausible value for a schema (the starting point that mutations spoil). */
function sample(doc: OpenApiDoc, raw: JsonSchema | undefined, rand: () => number, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[Math.floor(rand() * schema.enum.length)];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return sample(doc, alternatives[Math.floor(rand() * alternatives.length)], rand, depth);
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => sample(doc, part, rand, depth));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  if (schema.default !== undefined && rand() < 0.3) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {}))
        if (depth < 6 && (schema.required?.includes(k) || rand() < 0.6))
          out[k] = sample(doc, v, rand, depth + 1);
      return out;
    }
    case 'array':
      return depth < 6 ? [sample(doc, schema.items, rand, depth + 1)] : [];
    case 'integer':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 1));
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 1));
    case 'boolean':
      return rand() < 0.5;
    case 'string':
    default:
      if (schema.format === 'uuid') return '8f14e45f-ceea-467a-9af0-fd2f2a7c1e10';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'someone@example.com';
      return 'a'.repeat(Math.max(1, Math.min(schema.maxLength ?? 3, 3)));
  }
}

/** Every path to a value inside `value` (objects and arrays), root included. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function setAt(value: unknown, path: (string | number)[], next: unknown, remove = false): unknown {
  if (path.length === 0) return next;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (remove) delete copy[head!];
    else copy[head!] = next;
  } else copy[head!] = setAt(copy[head!], rest, next, remove);
  return copy;
}

interface Mutation {
  pick: number;
  bad: number;
  kind: number;
  seed: number;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  bad: fc.nat(),
  kind: fc.nat({ max: 9 }),
  seed: fc.integer(),
});

interface Built {
  url: string;
  init: Parameters<Client['request']>[2];
  label: string;
}

function seeded(seed: number) {
  const rng = fc.sample(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
    seed,
    numRuns: 64,
  });
  let i = 0;
  return () => rng[i++ % rng.length]!;
}

function buildRequest(
  doc: OpenApiDoc,
  method: string,
  route: string,
  op: Operation,
  m: Mutation | null,
): Built {
  const rand = seeded(m?.seed ?? 1);
  const query = new URLSearchParams();
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  let label = 'well-formed';
  const values: Record<string, unknown> = {};
  for (const p of queryParams) if (p.required || rand() < 0.5) values[p.name] = sample(doc, p.schema, rand);
  const bodyTypes = Object.keys(op.requestBody?.content ?? {});
  const jsonBody = op.requestBody?.content?.['application/json'];
  let body: unknown = jsonBody ? sample(doc, jsonBody.schema, rand) : undefined;
  let raw: { body: string; type: string } | null = null;

  if (m) {
    const badValue = BAD_VALUES[m.bad % BAD_VALUES.length];
    const badQuery = BAD_QUERY[m.bad % BAD_QUERY.length]!;
    const target = queryParams.length && (!jsonBody || m.kind < 4) ? 'query' : 'body';
    if (target === 'query' && queryParams.length) {
      const p = queryParams[m.pick % queryParams.length]!;
      if (m.kind % 4 === 3) {
        values[p.name] = [badQuery, badQuery];
        label = `query ${p.name} repeated`;
      } else if (m.kind % 4 === 2) {
        delete values[p.name];
        query.set(`${p.name}[$gt]`, badQuery);
        label = `query ${p.name}[$gt]`;
      } else {
        values[p.name] = badQuery;
        label = `query ${p.name}=${JSON.stringify(badQuery.slice(0, 30))}`;
      }
    } else if (jsonBody) {
      const all = paths(body);
      const at = all[m.pick % all.length]!;
      if (m.kind === 9) {
        raw = { body: '{"a":', type: 'application/json' };
        label = 'malformed JSON';
      } else if (m.kind === 8) {
        raw = { body: 'a=%00&id=%ud800', type: 'application/x-www-form-urlencoded' };
        label = 'form-encoded body';
      } else if (m.kind === 7) {
        raw = { body: JSON.stringify(body), type: 'text/plain' };
        label = 'text/plain body';
      } else if (m.kind === 6 && at.length) {
        body = setAt(body, at, undefined, true);
        label = `body without ${at.join('.')}`;
      } else {
        body = setAt(body, at, badValue);
        label = `body ${at.join('.') || '(root)'}=${JSON.stringify(badValue)?.slice(0, 30)}`;
      }
    } else if (method === 'get') {
      // An operation without documented input still meets stray parameters.
      query.append('id', badQuery);
      query.append('id', badQuery);
      label = `stray query id=${JSON.stringify(badQuery.slice(0, 30))}`;
    } else if (bodyTypes.includes('multipart/form-data')) {
      const form = new FormData();
      form.set('purpose', String(badValue));
      form.set('file', new Blob([String(badValue)]), String(BAD_STRINGS[m.pick % BAD_STRINGS.length]));
      return { url: route, init: { body: form }, label: `multipart purpose=${JSON.stringify(badValue)}` };
    } else {
      raw = { body: JSON.stringify({ id: badValue, ids: [badValue] }), type: 'application/json' };
      label = `unexpected body ${JSON.stringify(badValue)?.slice(0, 30)}`;
    }
  }
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const item of v) query.append(k, String(item));
    else if (v !== undefined) query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const qs = query.toString();
  const url = route + (qs ? `?${qs}` : '');
  if (raw) return { url, init: { body: raw.body, headers: { 'content-type': raw.type } }, label };
  if (body !== undefined) return { url, init: { json: body }, label };
  return { url, init: {}, label };
}

/** Every query parameter and every top-level body field, each spoilt with the values that once broke the API. */
const TARGETED_QUERY = ['a\u0000', '\ud800', '-271821-04-20', '0000-01-01', '99999999999999999999'];
const TARGETED_BODY: unknown[] = ['a\u0000', '\ud800', '-271821-04-20', 2 ** 63, [['x']]];

const TARGETED_NESTED: unknown[] = ['a\u0000', 2 ** 63];
/** Nested paths spoilt per operation (a recipe has dozens; the first ones cover each kind of field). */
const NESTED_PATHS = 16;

function targetedRequests(doc: OpenApiDoc, method: string, route: string, op: Operation): Built[] {
  const out: Built[] = [];
  const rand = seeded(7);
  for (const p of (op.parameters ?? []).filter((q) => q.in === 'query'))
    for (const bad of TARGETED_QUERY) {
      const query = new URLSearchParams();
      query.set(p.name, bad);
      out.push({ url: `${route}?${query}`, init: {}, label: `query ${p.name}=${JSON.stringify(bad)}` });
    }
  const json = op.requestBody?.content?.['application/json'];
  if (json && method !== 'get') {
    const body = sample(doc, json.schema, rand);
    const schema = resolve(doc, json.schema);
    for (const field of Object.keys(schema.properties ?? {}))
      for (const bad of TARGETED_BODY)
        out.push({
          url: route,
          init: { json: { ...(body as object), [field]: bad } },
          label: `body ${field}=${JSON.stringify(bad)}`,
        });
    // Deeply nested JSON in every field at once: parsers and validators must not run out of stack.
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const spoilt = Object.keys(schema.properties ?? {}).map((field) => `${JSON.stringify(field)}:${deep}`);
    out.push({
      url: route,
      init: {
        body: `{${spoilt.join(',') || `"a":${deep}`}}`,
        headers: { 'content-type': 'application/json' },
      },
      label: 'deeply nested JSON',
    });
    // Nested values (serving versions, steps, names…) too, with the values that break storage.
    for (const at of paths(body)
      .filter((p) => p.length > 1)
      .slice(0, NESTED_PATHS))
      for (const bad of TARGETED_NESTED)
        out.push({
          url: route,
          init: { json: setAt(body, at, bad) },
          label: `body ${at.join('.')}=${JSON.stringify(bad)}`,
        });
  }
  return out;
}

describe('generated bad input against every operation', () => {
  const api = testApiForSuite();
  const { demo: admin } = signedInForSuite(api, 'en', 'demo');
  const doc = staffDocForSuite<OpenApiDoc>(api);

  it('documents a request schema for every operation that takes input', () => {
    const undocumented = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => {
          if (method === 'get') return false;
          return !op.requestBody?.content && !(op.parameters ?? []).some((p) => p.in === 'query');
        })
        .map(([method]) => `${method.toUpperCase()} ${route}`),
    );
    expect(undocumented.filter((r) => !SKIPPED.has(r) && !/\/auth\/captcha$/.test(r))).toEqual([]);
  });

  it('answers every mutated request with a 4xx (or 2xx) envelope, never a 5xx', async () => {
    const failures: string[] = [];
    const mutations = fc.sample(mutationArb, { seed: SEED, numRuns: RUNS - 1 });
    const all: (Built & { method: string; name: string })[] = [];
    for (const [route, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${route}`;
        if (SKIPPED.has(name) || route.includes('{')) continue;
        for (const built of [
          ...[null, ...mutations].map((m) => buildRequest(doc, method, route, op, m)),
          ...targetedRequests(doc, method, route, op),
        ])
          all.push({ ...built, method: method.toUpperCase(), name });
      }
    }
    const check = async ({ method, name, url, init, label }: (typeof all)[number]) => {
      const res = await admin.request(method, url, init);
      const type = res.headers.get('content-type') ?? '';
      if (res.status >= 500) {
        failures.push(`${name} [${label}] → ${res.status} ${(await res.text()).slice(0, 200)}`);
        return;
      }
      if (!type.includes('application/json')) {
        // An event stream never ends by itself; downloads are read to the end.
        if (type.startsWith('text/event-stream')) await res.body?.cancel();
        else await res.arrayBuffer();
        // Downloads (files, templates, captcha) answer their bytes when they succeed.
        if (res.status >= 400) failures.push(`${name} [${label}] → ${res.status} without envelope`);
        return;
      }
      const envelope = (await res.json()) as { status?: unknown; desc?: unknown };
      if (envelope.status !== res.status || typeof envelope.desc !== 'string' || !envelope.desc)
        failures.push(`${name} [${label}] → ${res.status} not an envelope: ${JSON.stringify(envelope)}`);
    };
    // A few requests in flight at once, as several browser tabs would send them. Several thousand requests: on a
    // loaded two-core machine they take over two minutes, hence the long bound.
    let next = 0;
    let sent = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < all.length) {
          await check(all[next++]!);
          sent++;
        }
      }),
    );
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses dates outside the storable range on filters and records, naming the field', async () => {
    for (const [url, field] of [
      ['/api/recipe/list?updatedFrom=-271821-04-20', 'updatedFrom'],
      ['/api/recipe/list?updatedTo=0000-01-01', 'updatedTo'],
      ['/api/recipeUserEvaluation/list?dateFrom=275760-09-13', 'dateFrom'],
      ['/api/device/list?updatedSince=0000-01-01T00:00:00Z', 'updatedSince'],
    ] as const) {
      const res = await admin.get(url);
      expect({ url, status: res.status, fields: Object.keys(res.data?.fieldErrors ?? {}) }).toEqual({
        url,
        status: 400,
        fields: [field],
      });
    }
    const review = await admin.post('/api/recipeUserEvaluation/add', {
      recipeNumber: 'ANY',
      sn: 'SN1',
      userAccount: 'u1',
      score: 5,
      evaluatedAt: '-271821-04-20',
    });
    expect(review.status).toBe(400);
    expect(review.data.fieldErrors.evaluatedAt).toEqual(expect.any(String));
  });

  it('answers headers over the limit with a 431 envelope', async () => {
    const res = await admin.request('GET', '/api/recipe/list', {
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      status: 431,
      desc: 'The request headers are too large; clear cookies and try again',
      data: null,
    });
  });

  it('answers an address over the limit with a 414 envelope', async () => {
    const res = await admin.request('GET', `/api/recipe/list?name=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toMatchObject({ status: 414, desc: expect.stringMatching(/.+/) });
  });

  it('answers a request Node cannot parse with a 400 envelope', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(api.baseUrl).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body!)).toEqual({ status: 400, desc: '请求格式有误', data: null });
  });
});
