/** Whether a database error is a unique index's refusal (23505) of the named index: two writers of one key, one won. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
	const e = error as { code?: string; constraint?: string; message?: string; cause?: unknown }
	const inner = (e.cause ?? e) as { code?: string; constraint?: string; message?: string }
	return inner.code === '23505' && (inner.constraint === constraint || Boolean(inner.message?.includes(constraint)))
}
