import { formatDuration } from '../../../shared/schemas/lead-work.js';
import { CALL_CATEGORIES, type ProductivityRow } from '../../../shared/schemas/summaries.js';
import { csvLine } from '../leads/lead-export.js';
import { USER_TYPE_LABELS, type UserTypeValue } from '../../../shared/constants.js';

// 'Not connected' of the mix is the Not connected column already.
const MIX_COLUMNS = CALL_CATEGORIES.filter((c) => c !== 'Not connected');

/** The productivity table's columns, as the page shows them. */
export const PRODUCTIVITY_HEADER = [
  'Telecaller',
  'Role',
  'Calls',
  'Connected',
  'Not connected',
  'Talk time',
  'Call time',
  'First call',
  'Last call',
  ...MIX_COLUMNS,
  'Callbacks due',
  'Callbacks followed up',
  'Callbacks missed',
  'Leads worked',
  'Leads interested',
  'Projects',
];

export const productivityFileName = (from: string, to: string) => (from === to ? `productivity-${from}.csv` : `productivity-${from}-to-${to}.csv`);

/** One telecaller as a CSV line; durations as HH:MM:SS, times in the company's zone. */
export function productivityLine(r: ProductivityRow, formatTime: (stored: string | null) => string): string {
  return csvLine([
    r.name,
    USER_TYPE_LABELS[r.user_type as UserTypeValue] ?? r.user_type,
    r.calls,
    r.connected,
    r.notConnected,
    formatDuration(r.talkTime),
    formatDuration(r.callTime),
    formatTime(r.firstCall),
    formatTime(r.lastCall),
    ...MIX_COLUMNS.map((c) => r.mix[c]),
    r.callbacks.due,
    r.callbacks.followed,
    r.callbacks.missed,
    r.conversion.worked,
    r.conversion.interested,
    r.conversion.projects,
  ]);
}
