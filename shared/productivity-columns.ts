// The productivity report's columns, once for the web table, the CSV export and the totals. Plain data
// and formatters only: the web bundle imports this file.
import { USER_TYPE_LABELS, type UserTypeValue } from './constants.js';
import { formatDuration, formatHms } from './durations.js';
import { CALL_CATEGORIES, emptyMix, type Productivity, type ProductivityRow } from './schemas/summaries.js';

type ProductivityTotals = Productivity['totals'];

/** Writes a stored instant (ISO UTC) in the company's zone; the server supplies it. */
export type FormatTime = (stored: string | null) => string;

/** One CSV column: its exact header and its cell for a telecaller. */
interface ProductivityField {
  header: string;
  csv: (row: ProductivityRow, formatTime: FormatTime) => string | number;
}

/** A figure card above the table, read from the totals. */
interface ProductivityCard {
  label: string;
  value: string;
  note: string;
}

/** The web table's column keys (its accessors); the web gives each one a cell. */
export type ProductivityColumnKey = 'name' | 'calls' | 'talkTime' | 'proof' | 'firstCall' | 'mix' | 'callbacks' | 'conversion';

interface ProductivityColumn {
  key: ProductivityColumnKey;
  /** the web table's header, and a smaller line under it */
  title: string;
  subtitle?: string;
  /** the CSV's columns for it, in order: a web column shows several figures at once */
  fields: ProductivityField[];
  /** the figures it adds up into the totals, at zero; none for who and when */
  totals?: () => Partial<ProductivityTotals>;
  /** null: nothing to show (a figure only a company with telephony has) */
  card?: (t: ProductivityTotals) => ProductivityCard | null;
}

const figure = (header: string, read: (r: ProductivityRow) => number): ProductivityField => ({ header, csv: read });
const duration = (header: string, read: (r: ProductivityRow) => number): ProductivityField => ({ header, csv: (r) => formatDuration(read(r)) });
const time = (header: string, read: (r: ProductivityRow) => string | null): ProductivityField => ({ header, csv: (r, formatTime) => formatTime(read(r)) });

// 'Not connected' of the mix is the Not connected column already.
const MIX_FIELDS = CALL_CATEGORIES.filter((c) => c !== 'Not connected');

export const PRODUCTIVITY_COLUMNS: ProductivityColumn[] = [
  {
    key: 'name',
    title: 'Telecaller',
    fields: [
      { header: 'Telecaller', csv: (r) => r.name },
      { header: 'Role', csv: (r) => USER_TYPE_LABELS[r.user_type as UserTypeValue] ?? r.user_type },
    ],
  },
  {
    key: 'calls',
    title: 'Calls',
    fields: [figure('Calls', (r) => r.calls), figure('Connected', (r) => r.connected), figure('Not connected', (r) => r.notConnected)],
    totals: () => ({ calls: 0, connected: 0, notConnected: 0 }),
    card: (t) => ({ label: 'Calls', value: String(t.calls), note: `${t.connected} connected · ${t.notConnected} not` }),
  },
  {
    key: 'talkTime',
    title: 'Talk time',
    fields: [duration('Talk time', (r) => r.talkTime), duration('Call time', (r) => r.callTime)],
    totals: () => ({ talkTime: 0, callTime: 0 }),
    card: (t) => ({ label: 'Talk time', value: formatHms(t.talkTime), note: `${formatHms(t.callTime)} on all calls` }),
  },
  {
    // docs/call-facts.md: what the provider reported, what the app timed, and outcomes with no call behind them.
    key: 'proof',
    title: 'Verified',
    subtitle: 'by the provider · no call',
    fields: [
      figure('Verified calls', (r) => r.proof.verified),
      duration('Verified talk time', (r) => r.proof.verifiedTalkTime),
      figure('Calls timed by the app', (r) => r.proof.appTimer),
      figure('Outcomes with no call', (r) => r.proof.noCall),
    ],
    totals: () => ({ proof: { verified: 0, verifiedTalkTime: 0, appTimer: 0, noCall: 0 } }),
    card: (t) =>
      t.proof.verified + t.proof.noCall === 0
        ? null
        : {
            label: 'Outcomes with no call',
            value: String(t.proof.noCall),
            note: `${t.proof.verified} ${t.proof.verified === 1 ? 'call' : 'calls'} verified by the provider`,
          },
  },
  { key: 'firstCall', title: 'First / last call', fields: [time('First call', (r) => r.firstCall), time('Last call', (r) => r.lastCall)] },
  { key: 'mix', title: 'Outcome mix', fields: MIX_FIELDS.map((c) => figure(c, (r) => r.mix[c])), totals: () => ({ mix: emptyMix() }) },
  {
    key: 'callbacks',
    title: 'Callbacks',
    fields: [
      figure('Callbacks due', (r) => r.callbacks.due),
      figure('Callbacks followed up', (r) => r.callbacks.followed),
      figure('Callbacks missed', (r) => r.callbacks.missed),
    ],
    totals: () => ({ callbacks: { due: 0, followed: 0, missed: 0 } }),
    card: (t) => ({ label: 'Callbacks missed', value: String(t.callbacks.missed), note: `of ${t.callbacks.due} due, ${t.callbacks.followed} followed up` }),
  },
  {
    key: 'conversion',
    title: 'Conversion',
    subtitle: 'worked → interested → projects',
    fields: [
      figure('Leads worked', (r) => r.conversion.worked),
      figure('Leads interested', (r) => r.conversion.interested),
      figure('Projects', (r) => r.conversion.projects),
    ],
    totals: () => ({ conversion: { worked: 0, interested: 0, projects: 0 } }),
    card: (t) => {
      const { worked, interested, projects } = t.conversion;
      return { label: 'Interested', value: String(interested), note: `of ${worked} leads worked · ${projects} ${projects === 1 ? 'project' : 'projects'}` };
    },
  },
];

/** The CSV's columns: each table column's figures in turn. */
export const PRODUCTIVITY_FIELDS = PRODUCTIVITY_COLUMNS.flatMap((c) => c.fields);

type Figures = { [key: string]: number | Figures };

function addInto(total: Figures, part: Figures) {
  for (const [key, value] of Object.entries(total)) {
    if (typeof value === 'number') total[key] = value + (part[key] as number);
    else addInto(value, part[key] as Figures);
  }
}

/** The totals row: the figures each column adds up, over every telecaller. */
export function productivityTotals(rows: ProductivityRow[]): ProductivityTotals {
  const totals = Object.assign({}, ...PRODUCTIVITY_COLUMNS.map((c) => c.totals?.() ?? {})) as ProductivityTotals;
  for (const r of rows) addInto(totals as unknown as Figures, r as unknown as Figures);
  return totals;
}
