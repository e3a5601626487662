import type { PoolClient } from '@kb/platform';

/**
 * What the read models store of event text. The event store keeps payloads as json text, which holds anything
 * JSON can say; Postgres text and jsonb cannot hold U+0000 (`invalid byte sequence for encoding "UTF8": 0x00`,
 * `\u0000 cannot be converted to text`), and a lone UTF-16 surrogate is not UTF-8 at all (jsonb refuses its
 * escape, json accepts it and then fails on `->>`). One such character in one event would stop a projection for
 * every brand. So every value the framework writes goes through `storable`:
 *
 * - U+0000 and lone surrogates become U+FFFD (the replacement character): the rest of the text stays readable and
 *   the mark shows where something was that could not be kept.
 * - Every other character is kept as it is, other C0 controls (U+0001-U+001F), DEL and C1 controls included:
 *   text, json and jsonb store them and give them back. Turning them into visible symbols here would also rewrite
 *   the ones a projection writes on purpose (the name pieces of `recipe_list.name_grams` are joined by U+001F).
 *
 * Applied where rows are written, not per field: `encodeCopyRows` (every COPY writer) and the parameters of every
 * query a projection sends through the transaction it is handed (`storableWrites`). Object keys are treated as
 * text too. A projection that builds JSON text itself for a json/jsonb parameter should pass the object instead
 * (or `storableJson(value)`): a string parameter is text, and the `\u0000` escape inside it is not a NUL.
 */
export const REPLACEMENT = '\uFFFD';

/** ES2024 string methods (Node has them; the compiler's library here stops at ES2023). */
interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** A text Postgres can store: U+0000 and lone surrogates replaced by U+FFFD, nothing else changed. */
export function storableText(text: string): string {
  const checked = text as unknown as WellFormed;
  // Both checks are native scans; nearly every text passes them and is returned as it is.
  if (!text.includes('\0') && checked.isWellFormed()) return text;
  return checked.toWellFormed().replaceAll('\0', REPLACEMENT);
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every string in it (and every key of a plain object, at any depth) made storable. Copies only
 * what changes; other values (numbers, dates, buffers, class instances) are returned as they are.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const kept = storable(item);
      if (kept !== item) (out ??= value.slice())[i] = kept;
    });
    return (out ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const k = storableText(key);
    const v = storable(item);
    if (k !== key || v !== item) changed = true;
    return [k, v];
  });
  // Rebuilt in the same key order, so the JSON text reads the same apart from the replaced characters.
  return changed ? (Object.fromEntries(entries) as T) : value;
}

// JSON.stringify never writes a raw NUL or a lone surrogate (it escapes both), so only its escapes need a look:
// `\u0000`, and `\ud800`-`\udfff` (a lone surrogate; a pair is written as the character itself). A literal
// backslash followed by "u" in a text may match too: it only costs the slow path, which changes nothing then.
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * `JSON.stringify(value)` as text that Postgres text, json and jsonb columns store and read back (`->>` included).
 * Undefined for undefined, as JSON.stringify.
 */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined || !json.includes('\\u') || !SUSPECT_ESCAPE.test(json)) return json as string;
  return JSON.stringify(storable(value));
}

/** JSON text (as a projection wrote it for a json/jsonb column) made storable the same way. */
export function storableJsonText(json: string): string {
  const raw = storableText(json);
  if (!raw.includes('\\u') || !SUSPECT_ESCAPE.test(raw)) return raw;
  try {
    return JSON.stringify(storable(JSON.parse(raw) as unknown));
  } catch {
    // Not JSON after all: the database will say so, with the text as given.
    return raw;
  }
}

interface Submittable {
  submit: unknown;
}

const isSubmittable = (value: unknown): value is Submittable =>
  typeof value === 'object' && value !== null && typeof (value as Submittable).submit === 'function';

function storableParams(values: unknown): unknown {
  if (!Array.isArray(values)) return values;
  return values.map((v: unknown) =>
    // An object parameter is sent as its JSON text (node-postgres stringifies it): made storable as such.
    v !== null && typeof v === 'object' && !Array.isArray(v) && isPlainObject(v)
      ? storableJson(v)
      : storable(v),
  );
}

/**
 * The transaction a projection writes through, with every query parameter made storable (`storable`). COPY
 * streams and other submittables pass through untouched: their rows come from `encodeCopyRows`, which does the
 * same.
 */
export function storableWrites(client: PoolClient): PoolClient {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  const query = (...args: unknown[]): unknown => {
    const [config, values, ...rest] = args;
    if (isSubmittable(config)) return send(...args);
    if (typeof config === 'object' && config !== null && 'values' in config)
      return send(
        { ...config, values: storableParams((config as { values: unknown }).values) },
        ...args.slice(1),
      );
    return args.length > 1 ? send(config, storableParams(values), ...rest) : send(config);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const member = Reflect.get(target, property, target) as unknown;
      return typeof member === 'function' ? (member as (...a: unknown[]) => unknown).bind(target) : member;
    },
  });
}
