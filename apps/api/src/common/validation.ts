import { z } from 'zod';
import { en, zhCN } from 'zod/locales';
import type { BodyOf, BodySchema } from '@kb/contracts';
import { AppError } from './app-error.js';
import { registerMessages, translate } from './messages.js';
import { requestContext } from './request-context.js';

const localeErrors = { zh: zhCN().localeError, en: en().localeError };

registerMessages({
  unknown_field: {
    zh: '不是此请求的字段（请检查拼写）',
    en: 'is not a field of this request (check its spelling)',
  },
});

type Issue = z.core.$ZodIssue;

function issuesOf(schema: z.ZodType, input: unknown): { data?: unknown; issues: Issue[] } {
  const result = schema.safeParse(input, { error: localeErrors[requestContext.lang()] });
  return result.success ? { data: result.data, issues: [] } : { issues: result.error.issues };
}

/**
 * Refuses with 400: `desc` names the first problem in the caller's language, `data.fieldErrors` maps each field
 * path to its message (for the form under it). A key the request does not know comes first: it is most often a
 * misspelling, and what the other messages say may follow from it.
 */
function refuse(issues: Issue[]): never {
  const lang = requestContext.lang();
  const fieldErrors: Record<string, string> = {};
  const unknown = issues.filter((i) => i.code === 'unrecognized_keys');
  for (const issue of unknown)
    for (const key of issue.keys)
      fieldErrors[[...issue.path, key].join('.')] = translate('unknown_field', lang)!;
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue;
    const key = issue.path.join('.') || '_';
    if (!(key in fieldErrors)) fieldErrors[key] = translate(issue.message, lang) ?? issue.message;
  }
  const [firstKey, firstMessage] = Object.entries(fieldErrors)[0] ?? ['_', ''];
  // The language's own punctuation: a full-width colon in Chinese.
  const detail = firstKey === '_' ? firstMessage : `${firstKey}${lang === 'zh' ? '：' : ': '}${firstMessage}`;
  throw new AppError(400, 'validation_failed', { detail }, { fieldErrors });
}

/** Parses input (a query) with a contracts schema; on failure 400 with every field's error (see `refuse`). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const { data, issues } = issuesOf(schema, input);
  if (issues.length) refuse(issues);
  return data as z.output<S>;
}

/**
 * Parses a write's body: as `parseInput`, and a key no schema of the body names — at any depth — is refused, so a
 * misspelled field never vanishes silently. A pair's schemas each read the whole body: together they name its
 * top-level keys, and every problem of both is answered at once.
 */
export function parseBody<T extends BodySchema>(schema: T, body: unknown): BodyOf<T> {
  if (!Array.isArray(schema)) return parseInput(strictly(schema as z.ZodType), body) as BodyOf<T>;
  const pair = schema as readonly [z.ZodType, z.ZodType];
  const named = new Set(pair.flatMap(topLevelKeys));
  // Each side refuses the other's keys at the top: those two refusals are no refusal of the body.
  const issues = pair.flatMap((side) =>
    issuesOf(strictly(side), body).issues.flatMap((issue) => {
      if (issue.code !== 'unrecognized_keys' || issue.path.length) return [issue];
      const keys = issue.keys.filter((key) => !named.has(key));
      return keys.length ? [{ ...issue, keys }] : [];
    }),
  );
  if (issues.length) refuse(issues);
  return pair.map((side) => side.parse(body)) as BodyOf<T>;
}

function topLevelKeys(schema: z.ZodType): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'object') return Object.keys((schema as z.ZodObject).shape);
  if (def.type === 'pipe') return topLevelKeys(def.in as z.ZodType);
  if (def.type === 'intersection')
    return [...topLevelKeys(def.left as z.ZodType), ...topLevelKeys(def.right as z.ZodType)];
  return [];
}

const strictCache = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with every object that strips unknown keys made to refuse them instead. Objects that accept other keys
 * on purpose (a catchall, a record) keep doing so; an intersection's sides are left as they are, since each side
 * would refuse the other's keys.
 */
function strictly(schema: z.ZodType): z.ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (s: unknown) => strictly(s as z.ZodType);
  let next: z.ZodType = schema;
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries((schema as z.ZodObject).shape).map(([k, v]) => [k, inner(v)]),
      );
      next = schema.clone({ ...def, shape, catchall: def.catchall ?? z.never() } as never);
      break;
    }
    case 'array':
      next = schema.clone({ ...def, element: inner(def.element) } as never);
      break;
    case 'record':
      next = schema.clone({ ...def, valueType: inner(def.valueType) } as never);
      break;
    case 'tuple':
      next = schema.clone({
        ...def,
        items: (def.items as z.ZodType[]).map(inner),
        rest: def.rest ? inner(def.rest) : def.rest,
      } as never);
      break;
    case 'union':
      next = schema.clone({ ...def, options: (def.options as z.ZodType[]).map(inner) } as never);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      next = schema.clone({ ...def, innerType: inner(def.innerType) } as never);
      break;
    case 'pipe':
      next = schema.clone({ ...def, in: inner(def.in) } as never);
      break;
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      next = schema.clone({ ...def, getter: () => inner(getter()) } as never);
      break;
    }
  }
  strictCache.set(schema, next);
  return next;
}
