/** A text filter as sent: trimmed, or left out when empty. */
export const filterText = (v: string | null | undefined) => v?.trim() || undefined;

/** A filter bar's date range (`[from, to]` as `YYYY-MM-DD`) as the API's two bounds. */
export const rangeQuery = (range: [string | null, string | null] | null | undefined) => ({
  from: range?.[0] ?? undefined,
  to: range?.[1] ?? undefined,
});
