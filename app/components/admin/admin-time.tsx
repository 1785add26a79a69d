import { formatPakistanTime } from '~/utils/pakistan-time'

/** A date in the staff console: Pakistan time, the same text on server and browser; a dash when unset. */
export function AdminTime({ date }: { date: Date | string | null }) {
	if (!date) return <span className="muted">—</span>
	const iso = typeof date === 'string' ? date : date.toISOString()
	return <time dateTime={iso}>{formatPakistanTime(iso)}</time>
}
