import { CopyButton } from '../ui/copy-button'

/** A new password or API key: shown on this page only, never stored in the clear. */
export function ShownOnce({ label, value, what }: { label: string; value: string; what: string }) {
	return (
		<div className="shown-once" role="status">
			<p>
				<strong>{label}</strong> It is shown only this once: copy it now and pass it on safely.
			</p>
			<div className="shown-once-value">
				<code className="staff-secret">{value}</code>
				<CopyButton value={value} what={what} />
			</div>
		</div>
	)
}
