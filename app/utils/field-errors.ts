import { AppError } from './app-error'

// The one way a failed zod parse becomes a sentence per field: the first problem of each field,
// keyed by the field's name as the form or the API calls it.

type Issue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }
type Issues = ReadonlyArray<Issue> | { readonly issues: ReadonlyArray<Issue> }

/** How a field is named from its path: `testimonials.1.text` (forms) by default. */
export type FieldNamer = (path: ReadonlyArray<PropertyKey>) => string

export const dottedName: FieldNamer = (path) => path.map(String).join('.')
/** The top-level field only (`items`, not `items.0.price`), for flat forms that mark whole fields. */
export const topName: FieldNamer = (path) => (path.length ? String(path[0]) : '')
/** `variants[0].price`, as the console API's contracts name nested fields. */
export const apiName: FieldNamer = (path) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('')

/** Each field's first message; a problem with the input as a whole goes under `root` ('form'). */
export function fieldErrorsOf(issues: Issues, { name = dottedName, root = 'form' }: { name?: FieldNamer; root?: string } = {}): Record<string, string> {
	const list = 'issues' in issues ? issues.issues : issues
	const errors: Record<string, string> = {}
	for (const issue of list) errors[name(issue.path) || root] ??= issue.message
	return errors
}

/** A 400 AppError for a failed parse: `message` (the first problem by default) and a sentence per field. */
export function invalidInput(issues: Issues, options: { message?: string; name?: FieldNamer; root?: string } = {}): AppError {
	const list = 'issues' in issues ? issues.issues : issues
	return new AppError('BAD_REQUEST', options.message ?? list[0]?.message ?? 'The input is not valid.', fieldErrorsOf(list, options))
}
