export const nowIso = () => new Date().toISOString();

/** A unique-constraint violation, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e.message ?? '').includes('UNIQUE constraint failed');
}

/** Rupees (up to 2 decimals) to integer paise, without float drift. */
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => paise / 100;
