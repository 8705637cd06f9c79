import { useEffect, useState } from 'react';
import { todayIn } from '../../../shared/dates';
import { displayTimeZone } from './timeZone';
import { whenIdle } from './whenIdle';

// The first Intl formatter for a zone costs a phone on the budget profile 70 to 190 ms (4x slower CPU),
// so a screen's first paint does without: its zoned dates and times are drawn once the phone is idle
// (in room kept for them), and every screen after that draws them at once.
let ready = false;
const waiting = new Set<() => void>();
let scheduled = false;

function makeReady() {
  if (scheduled) return;
  scheduled = true;
  whenIdle(() => {
    todayIn(displayTimeZone()); // builds the zone's formatters: the zone check's, and "today"'s
    ready = true;
    for (const done of waiting) done();
    waiting.clear();
  });
}

/** Whether dates in the company's zone can be drawn now without holding up the first screen. */
export function useZoneReady(): boolean {
  const [now, setNow] = useState(ready);
  useEffect(() => {
    if (now) return;
    const done = () => setNow(true);
    waiting.add(done);
    makeReady();
    return () => {
      waiting.delete(done);
    };
  }, [now]);
  return now;
}
