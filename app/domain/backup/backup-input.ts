import { z } from 'zod'

// The console's "Download a backup" form: the passphrase that seals the file (ADR-044). Browser-safe: the form checks with it too.
export const BACKUP_PASSPHRASE_MIN = 12
export const BACKUP_PASSPHRASE_MAX = 1024
export const BACKUP_PASSPHRASE_SHORT = `A backup passphrase has at least ${BACKUP_PASSPHRASE_MIN} characters: a few words you will remember.`

export const backupDownloadInput = z.object({
	passphrase: z.string().min(BACKUP_PASSPHRASE_MIN, BACKUP_PASSPHRASE_SHORT).max(BACKUP_PASSPHRASE_MAX, `A backup passphrase has at most ${BACKUP_PASSPHRASE_MAX} characters.`),
})
