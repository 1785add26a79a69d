import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { FieldError } from './console-form'

/**
 * A console form's labelled box (a `useConsoleForm` field: its checks come from the form's schema),
 * with its problem beside it and its `hint` below, which the box names to screen readers.
 */
export function TextField<Schema, Form extends Record<string, unknown>>({
	field,
	label,
	type = 'text',
	hint,
	...box
}: {
	field: FieldMetadata<Schema, Form, string[]>
	label: ReactNode
	type?: 'text' | 'email' | 'password' | 'tel' | 'datetime-local'
	hint?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'>) {
	const hintId = `${field.id}-hint`
	return (
		<div className="field">
			<label htmlFor={field.id}>{label}</label>
			<input {...getInputProps(field, { type, ariaDescribedBy: hint ? hintId : undefined })} {...box} />
			<FieldError field={field} />
			{hint ? (
				<p className="field-hint" id={hintId}>
					{hint}
				</p>
			) : null}
		</div>
	)
}
