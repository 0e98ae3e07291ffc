/** A unique-constraint failure, on SQLite or PostgreSQL (a claim lost to another writer, a name taken). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(message ?? '');
}
