import { useEffect, useState } from 'react';

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

/** False until the browser has been idle once since the component mounted: for what the first screen can do without. */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
