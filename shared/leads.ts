/** The categories an upload may choose; Manual takes a custom name instead. */
export const UPLOAD_CATEGORIES = ['IndiaMART', 'JustDial', 'Local Leads'] as const;
export const INDIAMART_CATEGORY = 'IndiaMART';

/** The original client's distribution keys (docs/product-rules.md#distribution-and-take-back): customer_data means any category. */
export const LEGACY_CATEGORY_KEYS: Record<string, string | null> = { india_mart: 'IndiaMART', local_leads: 'Local Leads', customer_data: null };

/** The Uploaded Leads filter; here rather than beside its schema so the page's URL check needs no zod. */
export const ASSIGNED_FILTERS = ['all', 'assigned', 'unassigned'] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];

/**
 * Requirement text for display: markup tags become line breaks, entities are decoded.
 * Every step is one left-to-right pass: uploaded text is anyone's, and a pattern such as
 * /<[^>]+>/g or /[ \t]+\n/g rescans the rest of the text from each '<' or space of a long run
 * without its end, which took seconds of the only thread on one row.
 */
export function requirementText(raw: string | null | undefined): string {
  if (!raw) return '';
  const tagsGone = stripTags(raw.replace(/<br\s*\/?>/gi, '\n'));
  const decoded = tagsGone
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return trimLineEnds(decoded)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Block tags break lines; inline ones (<b>, <span>...) just go.
const BLOCK_TAG = /^\/?(?:p|div|li|ul|ol|tr|table|h[1-6])(?![A-Za-z0-9_])/i;
const LONGEST_BLOCK_NAME = '/table'.length + 1;

/** As replacing /<\/?(block)\b[^>]*>/gi with a line break, then /<[^>]+>/g with nothing, did. */
function stripTags(text: string): string {
  const blockTagsGone = replaceTags(text, (start) => BLOCK_TAG.test(text.slice(start + 1, start + 1 + LONGEST_BLOCK_NAME)), '\n');
  return replaceTags(blockTagsGone, (start) => blockTagsGone[start + 1] !== undefined && blockTagsGone[start + 1] !== '>', '');
}

/** Replaces each '<' that `opens` accepts, through the next '>', with `by`; a '<' with no '>' after it stays. */
function replaceTags(text: string, opens: (start: number) => boolean, by: string): string {
  let out = '';
  let from = 0;
  let at = text.indexOf('<');
  // No '>' after a '<' means none after any later '<' either: the rest stays as it is.
  let close = at < 0 ? -1 : text.indexOf('>', at + 1);
  while (at >= 0 && close >= 0) {
    if (opens(at)) {
      out += text.slice(from, at) + by;
      from = close + 1;
      at = text.indexOf('<', from);
    } else {
      at = text.indexOf('<', at + 1);
    }
    if (at > close) close = text.indexOf('>', at + 1);
  }
  return out + text.slice(from);
}

/** Drops the spaces and tabs that end a line (before a line break), as /[ \t]+\n/g did. */
function trimLineEnds(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    let end = line.length;
    while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
    if (end < line.length) lines[i] = line.slice(0, end);
  }
  return lines.join('\n');
}

/** A call that did not connect: an attempt, not an outcome (docs/product-rules.md#attempts). */
export const NOT_CONNECTED = ['busy', 'switched_off', 'no_answer', 'not_reachable'] as const;
export type NotConnectedOutcome = (typeof NOT_CONNECTED)[number];
export const NOT_CONNECTED_LABELS: Record<NotConnectedOutcome, string> = {
  busy: 'Busy',
  switched_off: 'Switched off',
  no_answer: 'No answer',
  not_reachable: 'Not reachable',
};
