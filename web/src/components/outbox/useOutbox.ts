import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { keepFlushing, onOutboxChange, outboxOf, type OutboxEntry } from '../../lib/outbox';

/**
 * The user's outbox as it changes; while mounted with `send`, waiting submissions are sent
 * whenever they can be (the header's button does; a page that only reads it does not).
 */
export function useOutbox(userId: number, { send = true } = {}): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const utils = trpc.useUtils();
  const waiting = useRef(0);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    const load = () =>
      outboxOf(userId)
        .then((list) => {
          if (!live) return;
          const now = list.filter((e) => e.state === 'waiting').length;
          // Some went out: the queues and tiles they change are out of date.
          if (now < waiting.current) {
            void utils.work.queue.invalidate();
            void utils.dashboard.tiles.invalidate();
          }
          waiting.current = now;
          setEntries(list);
        })
        .catch(() => {});
    void load();
    const off = onOutboxChange(() => void load());
    const stop = send ? keepFlushing(userId) : () => {};
    return () => {
      live = false;
      off();
      stop();
    };
  }, [userId, send, utils]);
  return entries;
}
