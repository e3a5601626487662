/**
 * Plain query strings (`?id=12&status=released`) instead of the router's JSON-in-URL default, so that links
 * are readable and a record id looks the same in the address bar, in the tab key and on the server.
 * Repeated keys become arrays; empty values are dropped. Route schemas (zod) coerce the strings.
 */
export function parseSearch(search: string): Record<string, unknown> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const result: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length > 1 ? values : values[0];
  }
  return result;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}
