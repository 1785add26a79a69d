import type { StockUnitKind } from '../../db/schema'
import { openUnit } from './stock-crypto.server'

// How a unit is named where its secret must not be: its last characters, or a login's first and its domain.

/** '•••• 7K2Q' for a code, 'ali•••@gmail.com' for an account. */
export function maskPlain(kind: StockUnitKind, plain: string): string {
	if (kind === 'code') return `•••• ${plain.replace(/[\s\p{Cf}\p{Pd}\u2212]+/gu, '').slice(-4)}`
	const { login } = JSON.parse(plain) as { login: string }
	const at = login.indexOf('@')
	return at > 0 ? `${login.slice(0, Math.min(3, at))}•••${login.slice(at)}` : `${login.slice(0, 3)}•••`
}

/** A stored unit, masked; one sealed with a key that is not loaded says so. */
export function maskUnit(unit: { kind: StockUnitKind; secret: string; keyId: string }): string {
	try {
		return maskPlain(unit.kind, openUnit(unit))
	} catch {
		return '(sealed with another key)'
	}
}
