import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { callerExportsAllowed } from '../company/company.service.js';

export const CALLER_EXPORTS_OFF_MESSAGE = 'Your company has turned off exporting leads to a file. Ask your company for the list if you need it.';

/** Every telecaller or head export starts here: refused before a row is read when the company turned exports off. */
export async function assertCallerExportsAllowed(db: Kysely<DB>, actor: UserActor): Promise<void> {
  if (!(await callerExportsAllowed(db, actor.subadminId))) throw new AppError('FORBIDDEN', CALLER_EXPORTS_OFF_MESSAGE);
}
