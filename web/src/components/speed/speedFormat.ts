import { formatWait, type WaitUnits } from '../../../../shared/durations';

/** A wait, or a dash when there is none (nobody called yet). */
export const waitText = (ms: number | null, units?: WaitUnits) => (ms === null ? '—' : formatWait(ms, units));

/** A share (0 to 1) as a whole percent, or a dash when nothing is decided yet. */
export const shareText = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
