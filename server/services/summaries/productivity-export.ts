import { PRODUCTIVITY_FIELDS, type FormatTime } from '../../../shared/productivity-columns.js';
import type { ProductivityRow } from '../../../shared/schemas/summaries.js';
import { csvLine } from '../leads/lead-export.js';

/** The CSV's header: the table's figures, one column each. */
export const PRODUCTIVITY_HEADER = PRODUCTIVITY_FIELDS.map((f) => f.header);

export const productivityFileName = (from: string, to: string) => (from === to ? `productivity-${from}.csv` : `productivity-${from}-to-${to}.csv`);

/** One telecaller as a CSV line; durations as HH:MM:SS, times in the company's zone. */
export function productivityLine(r: ProductivityRow, formatTime: FormatTime): string {
  return csvLine(PRODUCTIVITY_FIELDS.map((f) => f.csv(r, formatTime)));
}
