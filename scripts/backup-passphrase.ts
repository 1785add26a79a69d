import fs from 'node:fs'
import { BACKUP_PASSPHRASE_MAX, BACKUP_PASSPHRASE_MIN } from '../app/domain/backup/backup-file.server'

/** The passphrase of `npm run backup` and `npm run restore`: --passphrase-file's first line, else BACKUP_PASSPHRASE; a sentence when there is none. */
export function backupPassphrase(passphraseFile: string | undefined, fromEnv: string | undefined): { passphrase: string } | { refusal: string } {
	let passphrase = fromEnv
	if (passphraseFile) {
		try {
			passphrase = fs.readFileSync(passphraseFile, 'utf8').split(/\r?\n/)[0]
		} catch {
			return { refusal: `Cannot read the passphrase file ${passphraseFile}.` }
		}
	}
	if (!passphrase) return { refusal: 'A backup is always sealed with a passphrase: set BACKUP_PASSPHRASE, or give --passphrase-file FILE (its first line).' }
	if (passphrase.length < BACKUP_PASSPHRASE_MIN || passphrase.length > BACKUP_PASSPHRASE_MAX) return { refusal: `A backup passphrase has ${BACKUP_PASSPHRASE_MIN} to ${BACKUP_PASSPHRASE_MAX} characters.` }
	return { passphrase }
}
