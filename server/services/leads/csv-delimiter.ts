/**
 * The separator of an uploaded CSV, read from its header row: Excel saves "CSV" with semicolons where
 * the comma is the decimal mark, and some tools export tab-separated text under a .csv name.
 */

export type Delimiter = ',' | ';' | '\t';
const CANDIDATES: Delimiter[] = [',', ';', '\t'];

/** Enough of the file's start to hold its header row; a header longer than this is read as commas. */
const HEADER_SNIFF_BYTES = 64 * 1024;

/** The separator the header row (its first non-blank line) uses most, outside quotes; comma when none. */
export function delimiterOf(text: string): Delimiter {
  const counts = new Map<Delimiter, number>(CANDIDATES.map((d) => [d, 0]));
  let inQuotes = false;
  let seen = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!inQuotes && counts.has(ch as Delimiter)) {
      counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
      seen = true;
    } else if (ch.trim() && ch !== '\uFEFF') seen = true;
  }
  let best: Delimiter = ',';
  for (const d of CANDIDATES) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Reads the file's start (up to the end of its header row), says its separator, and gives the
 * whole file back, those first chunks included, for the parser.
 */
export async function sniffDelimiter(source: AsyncIterable<Buffer>): Promise<{ delimiter: Delimiter; bytes: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    // Only the start is read, however large a chunk the source gives.
    text += decoder.decode(next.value.subarray(0, HEADER_SNIFF_BYTES - size), { stream: true });
    size += next.value.length;
    if (size >= HEADER_SNIFF_BYTES) break;
    // A line break after some content: the header row is in (a quoted header cell with a line break is rare and still read).
    const start = text.search(/[^\s\uFEFF]/);
    if (start !== -1 && text.indexOf('\n', start) !== -1) break;
  }
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      yield* head;
      while (!done) {
        const next = await iterator.next();
        if (next.done) done = true;
        else yield next.value;
      }
    } finally {
      // Stopped early (the parser failed): the source stops too, as a for-await over it would.
      if (!done) await iterator.return?.();
    }
  }
  return { delimiter: delimiterOf(text), bytes: replay() };
}
