import type { FormEventHandler, ReactNode } from 'react'
import { Form } from 'react-router'

/**
 * A console row's one action (issue 22): a post form with its hidden fields (`intent` first) and one
 * small ghost button, named for the row by `ariaLabel`, disabled while a form is being sent.
 * `children` stand before the button (a row's state beside the button that changes it).
 */
export function RowAction({
	intent,
	fields,
	label,
	ariaLabel,
	busy,
	className,
	id,
	formProps,
	describedBy,
	children,
}: {
	intent?: string
	fields: Record<string, string | number>
	label: string
	ariaLabel: string
	busy: boolean
	className?: string
	/** For inputs elsewhere in the row that belong to this form (`form=` on them). */
	id?: string
	/** conform's form props (`getFormProps`) where the row's fields are checked before sending. */
	formProps?: { id: string; onSubmit: FormEventHandler<HTMLFormElement>; noValidate: boolean }
	/** The id of the row's refusal shown beside the button. */
	describedBy?: string
	children?: ReactNode
}) {
	return (
		<Form method="post" className={className} id={id} {...formProps}>
			{intent === undefined ? null : <input type="hidden" name="intent" value={intent} />}
			{Object.entries(fields).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{children}
			<button type="submit" className="button ghost small" disabled={busy} aria-label={ariaLabel} aria-describedby={describedBy}>
				{label}
			</button>
		</Form>
	)
}
