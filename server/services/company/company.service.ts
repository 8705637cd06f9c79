import type { Kysely } from 'kysely';
import type { DB, Subadmin } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { DEFAULT_TIME_ZONE, PLATFORM_TIME_ZONE, todayIn } from '../../../shared/dates.js';
import type { SessionEndReason } from '../../../shared/session-end.js';
import { findCompany } from './company.repository.js';
import { watchedCache } from '../../db/watched-cache.js';

/**
 * Not found, for a company's own row (its sub-admin's or users' calls; unreachable in practice, the
 * session of a removed company ends first) and for the admin naming a company that is not there.
 * Both texts are answered today and the admin's is asserted by the tests, so both stay.
 */
export const COMPANY_NOT_FOUND = 'Company not found.';
export const SUBADMIN_NOT_FOUND = 'Subadmin not found.';
export const companyNotFound = () => new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
export const subadminNotFound = () => new AppError('NOT_FOUND', SUBADMIN_NOT_FOUND);

/** Some columns of the company's row; not found when there is no such company. */
export async function requireCompany<C extends keyof Subadmin>(db: Kysely<DB>, subadminId: number, columns: readonly C[]): Promise<Pick<Subadmin, C>> {
  const row = await findCompany(db, subadminId, columns);
  if (!row) throw companyNotFound();
  return row;
}

/** The zone every "today" and every date of the company is read in. */
export const zoneOf = (timeZone: string) => timeZone || DEFAULT_TIME_ZONE;

/** The company's time zone. */
export async function companyTimeZone(db: Kysely<DB>, subadminId: number): Promise<string> {
  return (await companyRules(db, subadminId)).timeZone;
}

/** What the sub-admin sets on Calling Rules and lead work follows, with the company's name and zone. */
export interface CompanyRules {
  timeZone: string;
  companyName: string;
  retryDelayMinutes: number;
  attemptLimit: number;
  whatsappTemplate: string | null;
}

/** The company's rules, read on every call: a change on Calling Rules applies at once. */
export async function companyRules(db: Kysely<DB>, subadminId: number): Promise<CompanyRules> {
  return keptRules(db, subadminId, async () => {
    const row = await requireCompany(db, subadminId, ['time_zone', 'company_name', 'retry_delay_minutes', 'attempt_limit', 'whatsapp_template']);
    return {
      timeZone: zoneOf(row.time_zone),
      companyName: row.company_name,
      retryDelayMinutes: row.retry_delay_minutes,
      attemptLimit: row.attempt_limit,
      whatsappTemplate: row.whatsapp_template,
    };
  });
}

/** Nearly every call of a company's users reads its rules: kept until the company changes (docs/architecture.md#kept-reads). */
const keptRules = watchedCache<CompanyRules>();

/** Whether the company lets its telecallers and heads export their leads (with the mobiles) as a file. */
export async function callerExportsAllowed(db: Kysely<DB>, subadminId: number): Promise<boolean> {
  const row = await findCompany(db, subadminId, ['caller_exports_allowed']);
  return row?.caller_exports_allowed !== 0;
}

export type CompanyState = Pick<Subadmin, 'is_blocked' | 'expiry_date' | 'deleted_at'>;

/**
 * Why a company (and so every one of its users) may not work now, with its code, or null when it may.
 * The expiry date is the platform's (the admin sets and reads it in the platform's zone), never the
 * company's own zone, which the company chooses and could set a day behind.
 */
export function companyLock(c: CompanyState): { message: string; reason: SessionEndReason } | null {
  if (c.deleted_at) return { message: 'This company account no longer exists.', reason: 'company_deleted' };
  if (c.is_blocked) return { message: 'Your company account is blocked. Please contact the administrator.', reason: 'company_blocked' };
  if (c.expiry_date < todayIn(PLATFORM_TIME_ZONE)) {
    return { message: `Your company account expired on ${c.expiry_date}. Please contact the administrator.`, reason: 'company_expired' };
  }
  return null;
}

/** Why a company (and so every one of its users) may not work now, or null when it may. */
export function companyLockReason(c: CompanyState): string | null {
  return companyLock(c)?.message ?? null;
}
