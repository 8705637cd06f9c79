import { requirementText } from '../../../shared/leads.js';

/** The original client's export columns, in order. */
export const EXPORT_HEADER = ['Id', 'Name', 'Mobile', 'Requirement', 'Area', 'Category', 'Upload Time'] as const;
export const EXPORT_FILE_NAME = 'leads.csv';
/** Excel reads a UTF-8 file as UTF-8 only with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula starts defused with a leading quote, then RFC 4180 quoting where needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const QUARTER_HOUR = 900_000;

/**
 * Formats stored instants (ISO UTC) as "YYYY-MM-DD HH:mm:ss" in a time zone. The zone's offset is
 * looked up once per quarter hour of UTC (offsets change only on quarter hours), so a million rows
 * cost a few thousand Intl calls, not a million.
 */
export function zonedTimeFormatter(timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const slot = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
    let off = offsets.get(slot);
    if (off === undefined) {
      const p = Object.fromEntries(parts.formatToParts(new Date(slot)).map((x) => [x.type, x.value]));
      off = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - slot;
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(slot, off);
    }
    return off;
  };
  // The leads of one upload share their time: an export meets the same one many times in a row.
  let last: { stored: string; shown: string } | undefined;
  return (stored: string | null | undefined): string => {
    if (!stored) return '';
    if (last?.stored === stored) return last.shown;
    // A bare calendar date (older rows) has no time to convert.
    if (/^\d{4}-\d{2}-\d{2}$/.test(stored)) return stored;
    const ms = Date.parse(stored);
    if (Number.isNaN(ms)) return stored;
    const local = new Date(ms + offsetAt(ms)).toISOString();
    last = { stored, shown: `${local.slice(0, 10)} ${local.slice(11, 19)}` };
    return last.shown;
  };
}

export interface ExportLead {
  id: number;
  name: string;
  mobile: string;
  requirement: string;
  area: string;
  category: string;
  upload_date: string;
}

/** A lead as one CSV line; the requirement is the readable text (markup turned into line breaks). */
export function exportLine(lead: ExportLead, formatTime: (stored: string) => string): string {
  return csvLine([lead.id, lead.name, lead.mobile, requirementText(lead.requirement), lead.area, lead.category, formatTime(lead.upload_date)]);
}
