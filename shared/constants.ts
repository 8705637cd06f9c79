import { STATUS_QUEUES, type StatusQueue } from './lead-status.js';

export const USER_TYPES = ['Telicaller', 'Telicaller-hade', 'Developer'] as const;
export type UserTypeValue = (typeof USER_TYPES)[number];

/** The labels people read; wire values keep the original client's spelling (docs/product-rules.md#roles). */
export const USER_TYPE_LABELS: Record<UserTypeValue, string> = { Telicaller: 'Telecaller', 'Telicaller-hade': 'Telecaller head', Developer: 'Developer' };

/**
 * The queues a telecaller (and a head) works, by their key in the API: one for each status that has one
 * (shared/lead-status.ts; new leads sent before today wait in `pending`), today's callbacks, and the
 * interested leads handed to a head (`junior`).
 */
export type LeadQueue = StatusQueue | 'pending' | 'callback' | 'junior';
export const LEAD_QUEUES = ['new', 'pending', 'callback', ...STATUS_QUEUES.filter((q) => q !== 'new'), 'junior'] as [LeadQueue, ...LeadQueue[]];

/** A lead's quality rating, and the Lead quality screen's filters (kept here, free of zod, for route search params). */
export const LEAD_QUALITIES = ['excellent', 'good', 'poor'] as const;
export type LeadQuality = (typeof LEAD_QUALITIES)[number];
export const QUALITY_FILTERS = ['all', ...LEAD_QUALITIES] as const;
export type QualityFilter = (typeof QUALITY_FILTERS)[number];

export const PROJECT_STATUS = { pending: 0, running: 1, completed: 2, rejected: 3, updateRequested: 4 } as const;
export const TASK_STATUS = { pending: 0, running: 1, completed: 2, delayed: 3, approved: 4 } as const;
export const COMPLAINT_STATUS = { pending: 0, resolved: 1 } as const;

/** The admin's subadmin list filter; here rather than beside its schema so the page's URL check needs no zod. */
export const SUBADMIN_STATUSES = ['all', 'active', 'blocked', 'expired'] as const;
export type SubadminStatusFilter = (typeof SUBADMIN_STATUSES)[number];
export const COMMISSION_OPTIONS = [2, 5, 10, 15, 20] as const;

export const SESSION_COOKIE = 'sid';
/** A session unused this long has ended (the server's rule; the phone's early requests go by it too). */
export const SESSION_IDLE_MS = 3 * 24 * 3600_000;
