/** The CSV export of the lead lists: the browser downloads it with the session cookie. */
export function leadExportUrl(params: Record<string, string | number | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api/webapi/leads/export.csv${s ? `?${s}` : ''}`;
}
