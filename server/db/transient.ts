/**
 * Failures a transaction may meet through no fault of its own, which succeed when the same work
 * is simply run again: PostgreSQL chose it as a deadlock victim or could not serialize it, or
 * SQLite found the database busy beyond its timeout.
 */
export const isTransient = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
};
