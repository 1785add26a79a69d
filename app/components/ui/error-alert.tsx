/** A form's failure, announced to screen readers; nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
	return message ? (
		<p className="error-box" role="alert">
			{message}
		</p>
	) : null
}
