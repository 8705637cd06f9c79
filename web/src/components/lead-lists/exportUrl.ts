/** The sub-admin's lead lists' CSV export. */
export const LEAD_EXPORT_PATH = '/api/webapi/leads/export.csv';
/** A telecaller's (or head's) own New Leads. */
export const NEW_LEADS_EXPORT_PATH = '/api/webapi/work/new-leads.csv';

/** A CSV export's address with its filters: the browser downloads it with the session cookie. */
export function leadExportUrl(params: Record<string, string | number | undefined>, path = LEAD_EXPORT_PATH): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${path}${s ? `?${s}` : ''}`;
}
