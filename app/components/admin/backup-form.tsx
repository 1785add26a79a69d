import { getFormProps } from '@conform-to/react'
import { backupDownloadInput, BACKUP_PASSPHRASE_MIN } from '~/domain/backup/backup-input'
import { useConsoleForm } from './console-form'
import { TextField } from './text-field'

/**
 * Settings' "Backups" (owner only, ADR-044): a backup of the whole shop downloaded now, sealed with a
 * passphrase typed here. A plain form post: the answer is the file, which the browser saves.
 */
export function BackupForm({ daily }: { daily: { keepDays: number } | null }) {
	const [form, fields] = useConsoleForm(backupDownloadInput, { id: 'download-backup' })
	return (
		<section aria-labelledby="backup-heading" className="settings-section">
			<h2 id="backup-heading">Backups</h2>
			<p className="muted small">
				A backup holds every order, product, customer, receipt and staff account, and the key that opens delivered codes: one file, sealed with a passphrase. Keep the
				file and the passphrase in different places. Without the passphrase nobody can open it, you included. To bring a shop back, run <code>npm run restore -- FILE</code>{' '}
				on an empty database.
			</p>
			<p className="muted small">
				{daily
					? `A backup is also written every day into the server's BACKUP_DIR folder; the last ${daily.keepDays} are kept.`
					: 'No daily backup is written on this server: set BACKUP_DIR and BACKUP_PASSPHRASE to have one each day (with the embedded database).'}
			</p>
			<form method="post" action="/admin/backup" className="settings-form" aria-labelledby="backup-heading" {...getFormProps(form)}>
				<TextField
					field={fields.passphrase}
					label="Passphrase for this backup"
					type="password"
					autoComplete="new-password"
					hint={`At least ${BACKUP_PASSPHRASE_MIN} characters. You type it again to restore the backup.`}
				/>
				<button type="submit" className="button primary">
					Download a backup
				</button>
			</form>
		</section>
	)
}
