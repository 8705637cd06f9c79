/** A call public/early.js made before the app's code had arrived. */
interface EarlyAnswer {
  url: string;
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyAnswers?: EarlyAnswer[];
  }
}

/** Only for the page's first render: an answer older than this is asked for again. */
const FRESH_MS = 10_000;

/** A tRPC GET by procedure and input, whatever the order of the input's keys. */
function callKey(url: string): string {
  const u = new URL(url, window.location.origin);
  const input = u.searchParams.get('input');
  return `${u.pathname}?${input === null ? '' : JSON.stringify(sortKeys(JSON.parse(input)))}`;
}

// Code-unit order, not localeCompare: its first call builds the browser's collator, which took a phone on
// the budget profile some 70 ms of a queue's first screen (the queue is the page whose call has an input).
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => byCodeUnits(a, b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** The early answer to this call, once (a response's body is read once), or null. */
export function takeEarlyAnswer(url: string, init?: RequestInit): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__earlyAnswers;
  if (!early?.length || (init?.method && init.method !== 'GET')) return null;
  let key: string;
  try {
    key = callKey(url);
  } catch {
    return null;
  }
  const i = early.findIndex((a) => callKey(a.url) === key);
  if (i < 0) return null;
  const [answer] = early.splice(i, 1);
  return performance.now() - answer!.at < FRESH_MS ? answer!.response : null;
}
