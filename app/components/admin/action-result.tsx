/** What a console action answered: a green status or a red alert. */
export function ActionResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
	if (!result) return null
	return (
		<p className={result.ok ? 'success-box' : 'error-box'} role={result.ok ? 'status' : 'alert'}>
			{result.message}
		</p>
	)
}
