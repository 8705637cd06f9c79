import { describe, expect, it } from 'vitest';
import { todayIn } from '../shared/dates.js';

const direct = (zone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe("todayIn (each zone's date kept for its minute)", () => {
  // Offsets of half and three quarters of an hour, both sides of UTC, and a day-light saving zone.
  const zones = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'America/New_York', 'Pacific/Kiritimati'];

  it('answers what formatting the instant answers, every second around each local midnight', () => {
    for (const zone of zones) {
      // The instant of the zone's midnight starting 2026-03-08 (a DST change day in New York), found by search.
      let at = Date.UTC(2026, 2, 7, 0, 0);
      while (direct(zone, new Date(at)) < '2026-03-08') at += 15 * 60_000;
      for (let s = -90; s <= 90; s++) {
        const when = new Date(at + s * 1000);
        expect(todayIn(zone, when), `${zone} ${when.toISOString()}`).toBe(direct(zone, when));
      }
    }
  });

  it('answers each zone for itself, and instants asked out of order', () => {
    const at = new Date('2026-11-28T18:29:59.999Z'); // 23:59:59.999 in Kolkata
    expect(todayIn('Asia/Kolkata', at)).toBe('2026-11-28');
    expect(todayIn('Asia/Kathmandu', at)).toBe('2026-11-29');
    expect(todayIn('Asia/Kolkata', new Date(at.getTime() + 1))).toBe('2026-11-29');
    expect(todayIn('Asia/Kolkata', at)).toBe('2026-11-28');
    expect(todayIn('America/New_York', new Date('1969-07-20T20:17:00Z'))).toBe('1969-07-20');
    expect(todayIn('Africa/Monrovia', new Date('1970-01-01T00:30:00Z'))).toBe(direct('Africa/Monrovia', new Date('1970-01-01T00:30:00Z')));
  });
});
