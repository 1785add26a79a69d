import { useMemo } from 'react'
import { parse, useForm, type FieldMetadata, type Submission, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { apiName } from '~/utils/field-errors'
import { limitsOf, type Constraint } from './field-limits'

export { fieldLimits } from './field-limits'

// The console's forms, one way (issue 22): conform checks a form in the browser with the same zod
// schema the server parses it with (its `required`, `minLength`, `maxLength` from the schema too),
// and shows the server's answer (the route action's `Outcome`) beside the same fields. Without
// scripts the browser's own checks of those attributes apply, then the server's.

/**
 * Each field's `pattern` (conform's reading), lengths and `required`, from the schema: a field is
 * required when the schema refuses it empty (an empty box sends ''), whatever wraps it.
 */
function constraintOf(schema: z.ZodObject): Record<string, Constraint> {
	const constraint: Record<string, Constraint> = getZodConstraint(schema)
	// conform's answer is a caching proxy: each field's constraint is completed in place.
	for (const [name, limits] of Object.entries(limitsOf(schema))) Object.assign((constraint[name] ??= {}), limits)
	return constraint
}

/**
 * The form's fields checked by `schema` as strings, as the server reads them (`readPageForm`), each
 * problem under the field's name as conform writes it (`rows[0].price`). This is conform's
 * `parseWithZod` with `disableAutoCoercion`, without importing its coercion, which brings zod's
 * `lazy` into the zod chunk the checkout shares.
 */
function checkWith<Schema extends z.ZodType>(schema: Schema, formData: FormData): Submission<z.input<Schema>, string[], z.output<Schema>> {
	return parse<z.output<Schema>, string[]>(formData, {
		resolve: (value) => {
			const checked = schema.safeParse(value)
			if (checked.success) return { value: checked.data }
			const error: Record<string, string[]> = {}
			for (const issue of checked.error.issues) (error[apiName(issue.path)] ??= []).push(issue.message)
			return { error }
		},
	})
}

/** What a console action answered (`app/http/outcome.ts`), as far as a form needs it. */
type Answer = { ok: boolean; intent?: string; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }

/** The action's refusal as conform's last result: each field's sentence and what was typed. */
function lastResultOf(answer: Answer | null | undefined): SubmissionResult<string[]> | undefined {
	if (!answer || answer.ok) return undefined
	const error: Record<string, string[]> = {}
	for (const [name, message] of Object.entries(answer.fieldErrors ?? {})) error[name] = [message]
	return { status: 'error', initialValue: answer.values ?? {}, error }
}

/**
 * A console form checked by `schema` before it is sent (first when a field is left, then as it is
 * typed in), showing `answer`'s field errors when it is the action's answer to this form.
 */
export function useConsoleForm<Schema extends z.ZodObject>(
	schema: Schema,
	{ id, answer, defaultValue }: { id: string; answer?: Answer | null; defaultValue?: Partial<Record<keyof z.input<Schema>, string>> },
) {
	const constraint = useMemo(() => constraintOf(schema), [schema])
	const lastResult = useMemo(() => lastResultOf(answer), [answer])
	return useForm<z.input<Schema>, z.output<Schema>>({
		id,
		lastResult,
		defaultValue: defaultValue as never,
		constraint,
		// Before hydration the browser checks `required` and the lengths itself.
		defaultNoValidate: false,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => checkWith(schema, formData),
	})
}

/**
 * A console form drawn by hand (rows named `list.0.field`, a form-to-change mapping of its own),
 * checked before it is sent by `check`: the function that gives the problems the action would refuse
 * it with, by the form's field names. `errors` is each field's first problem (the action's refusal
 * until the field is checked again).
 */
export function useCheckedForm({ id, answer, check }: { id: string; answer?: Answer | null; check: (values: Record<string, string>) => Record<string, string> }) {
	const lastResult = useMemo(() => lastResultOf(answer), [answer])
	const [form] = useForm({
		id,
		lastResult,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) =>
			parse(formData, {
				resolve: () => {
					const values: Record<string, string> = {}
					for (const [name, value] of formData) if (typeof value === 'string') values[name] = value
					const problems = check(values)
					if (!Object.keys(problems).length) return { value: values }
					return { error: Object.fromEntries(Object.entries(problems).map(([name, message]) => [name, [message]])) }
				},
			}),
	})
	const errors: Record<string, string> = {}
	for (const [name, messages] of Object.entries(form.allErrors)) if (messages[0]) errors[name] = messages[0]
	return { form, errors }
}

/** A field's first problem, beside it; the field names it with `aria-describedby` while it is invalid. */
export function FieldError({ field }: { field: Pick<FieldMetadata<unknown>, 'errorId' | 'errors'> }) {
	const message = field.errors?.[0]
	return message ? (
		<p className="field-error" id={field.errorId}>
			{message}
		</p>
	) : null
}

/** The action's refusal of a form when no field says why (a field's problem stands beside it); else nothing. */
export function FormRefusal({ answer }: { answer: { message: string; fieldErrors?: Record<string, string> } | null | undefined }) {
	return answer && !Object.keys(answer.fieldErrors ?? {}).length ? (
		<p className="field-error" role="alert">
			{answer.message}
		</p>
	) : null
}
