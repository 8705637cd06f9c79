import type { Assignee } from '../../../../shared/schemas/distribution';
import { formatCount } from '../../lib/format';

export { formatCount };

export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What a person holds now and got today, as pickers show it under the name. */
export const holdings = (a: Assignee) => `${formatCount(a.untouched)} untouched · ${formatCount(a.sentToday)} sent today`;

export const assigneeOption = (a: Assignee) => ({ value: String(a.id), label: a.blocked ? `${a.name} (blocked)` : a.name });
