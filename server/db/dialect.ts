export const nowIso = () => new Date().toISOString();

/** A unique-constraint violation, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e.message ?? '').includes('UNIQUE constraint failed');
}
