/** What a console action answered: a green status or a red alert. */
export function ActionResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
	if (!result) return null
	return (
		<p className={result.ok ? 'success-box' : 'error-box'} role={result.ok ? 'status' : 'alert'}>
			{result.message}
		</p>
	)
}

/** A page's green note (what a redirect here reported), or nothing. */
export function Notice({ message }: { message: string | null | undefined }) {
	return message ? (
		<p className="success-box" role="status">
			{message}
		</p>
	) : null
}
