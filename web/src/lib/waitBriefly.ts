/** How long a page waits for its data before it is drawn without it (its own loading state shows then). */
const WAIT_MS = 1500;

/**
 * For a route loader: the page waits (briefly) for the data being fetched, so that its first paint
 * already shows it. Drawn first and filled after, a slow phone rendered the page twice, the cards a
 * tenth of a second later (npm run bench:web). Offline nothing is waited for: the page shows what it kept.
 */
export function waitBriefly(fetching: Promise<unknown>): Promise<void> | undefined {
  const settled = fetching.then(
    () => undefined,
    () => undefined,
  );
  if (!navigator.onLine) return undefined;
  let timer: number | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = window.setTimeout(resolve, WAIT_MS);
  });
  return Promise.race([settled, timeUp]).finally(() => window.clearTimeout(timer));
}
