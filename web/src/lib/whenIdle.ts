/**
 * Runs `work` when the browser is idle (at the latest after `timeoutMs`), or a second from now where
 * there is no requestIdleCallback (Safari). Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1000);
  return () => window.clearTimeout(id);
}
