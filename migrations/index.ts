import type { Migration } from './types.js';
import { initial } from './0001_initial.js';

// Listed by hand, in order: bundlers and tsx break folder scanning. Never edit a landed one.
export const migrations: Migration[] = [initial];
export type { Dialect, Migration } from './types.js';
