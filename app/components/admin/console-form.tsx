import { useMemo } from 'react'
import { parse, useForm, type FieldMetadata, type Submission, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { apiName } from '~/utils/field-errors'

// The console's forms, one way (issue 22): conform checks a form in the browser with the same zod
// schema the server parses it with (its `required`, `minLength`, `maxLength` from the schema too),
// and shows the server's answer (the route action's `Outcome`) beside the same fields. Without
// scripts the browser's own checks of those attributes apply, then the server's.

type Constraint = { required?: boolean; minLength?: number; maxLength?: number; min?: number | string; max?: number | string }
type Def = { type: string; shape?: Record<string, { _zod: { def: Def } }>; innerType?: { _zod: { def: Def } }; in?: { _zod: { def: Def } }; out?: { _zod: { def: Def } }; checks?: Array<{ _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean } } }> }

/** A string's length limits, or a number's bounds, read from its checks (this zod keeps them there, not in the `bag` conform reads). */
function lengthLimits(def: Def, into: Constraint): void {
	if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return def.innerType && lengthLimits(def.innerType._zod.def, into)
	if (def.type === 'pipe') {
		if (def.in) lengthLimits(def.in._zod.def, into)
		if (def.out) lengthLimits(def.out._zod.def, into)
		return
	}
	if (def.type === 'number') {
		for (const check of def.checks ?? []) {
			const { check: kind, value, inclusive } = check._zod.def
			if (value === undefined || !inclusive) continue
			if (kind === 'greater_than') into.min = value
			if (kind === 'less_than') into.max = value
		}
		return
	}
	if (def.type !== 'string') return
	for (const check of def.checks ?? []) {
		if (check._zod.def.check === 'min_length') into.minLength = check._zod.def.minimum
		if (check._zod.def.check === 'max_length') into.maxLength = check._zod.def.maximum
	}
}

type Field = { _zod: { def: Def } } & Pick<z.ZodType, 'safeParse'>

/**
 * Each field's `pattern` (conform's reading), lengths and `required`, from the schema: a field is
 * required when the schema refuses it empty (an empty box sends ''), whatever wraps it.
 */
function constraintOf(schema: z.ZodObject): Record<string, Constraint> {
	const constraint: Record<string, Constraint> = getZodConstraint(schema)
	const walk = (def: Def, prefix: string) => {
		for (const [key, field] of Object.entries((def.shape ?? {}) as Record<string, Field>)) {
			const name = prefix ? `${prefix}.${key}` : key
			if (field._zod.def.type === 'object') walk(field._zod.def, name)
			else {
				const limits = (constraint[name] ??= {})
				lengthLimits(field._zod.def, limits)
				limits.required = !field.safeParse('').success
			}
		}
	}
	walk(schema._zod.def as unknown as Def, '')
	return constraint
}

/** Each field's `required`, length limits and a number's bounds, from the schema: for a form drawn by hand (the store details' rows). */
export const fieldLimits = (schema: z.ZodObject): Record<string, Constraint> => constraintOf(schema)

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

/** A field's first problem, beside it; the field names it with `aria-describedby` while it is invalid. */
export function FieldError({ field }: { field: Pick<FieldMetadata<unknown>, 'errorId' | 'errors'> }) {
	const message = field.errors?.[0]
	return message ? (
		<p className="field-error" id={field.errorId}>
			{message}
		</p>
	) : null
}
