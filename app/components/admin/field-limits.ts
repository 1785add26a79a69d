import type { z } from 'zod'

// What the browser checks by itself, read from a field's zod schema: `required` (the schema refuses
// an empty box), a string's length limits and a number's bounds. Without conform, so a page that only
// needs a box's `maxLength` (a search box, the sign-in code) reads it from the schema at no cost.

export type Constraint = { required?: boolean; minLength?: number; maxLength?: number; min?: number | string; max?: number | string }
type Def = { type: string; shape?: Record<string, { _zod: { def: Def } }>; innerType?: { _zod: { def: Def } }; in?: { _zod: { def: Def } }; out?: { _zod: { def: Def } }; checks?: Array<{ _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean } } }> }

/** A string's length limits, or a number's bounds, read from its checks (this zod keeps them there, not in the `bag` conform reads). */
function lengthLimits(def: Def, into: Constraint): void {
	if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'catch' || def.type === 'readonly') return def.innerType && lengthLimits(def.innerType._zod.def, into)
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

/** Each field's `required`, length limits and bounds (`rows.price` for a nested object's field). */
export function limitsOf(schema: z.ZodObject): Record<string, Constraint> {
	const limits: Record<string, Constraint> = {}
	const walk = (def: Def, prefix: string) => {
		for (const [key, field] of Object.entries((def.shape ?? {}) as Record<string, Field>)) {
			const name = prefix ? `${prefix}.${key}` : key
			if (field._zod.def.type === 'object') walk(field._zod.def, name)
			else {
				const into: Constraint = {}
				lengthLimits(field._zod.def, into)
				into.required = !field.safeParse('').success
				limits[name] = into
			}
		}
	}
	walk(schema._zod.def as unknown as Def, '')
	return limits
}

/** Each field's `required`, length limits and a number's bounds, from the schema: for a form drawn by hand (the store details' rows, a search box). */
export const fieldLimits = (schema: z.ZodObject): Record<string, Constraint> => limitsOf(schema)
