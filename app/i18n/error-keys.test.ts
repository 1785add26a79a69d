import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { ur } from './ur'

// Every message key the code names as a string (an AppError's words, a rule's message, a `t` call)
// is in both catalogues, so a refusal never shows its key to a buyer in either language (ADR-037).

const root = path.resolve(__dirname, '..')
const NAMESPACES = Object.keys(en).join('|')
/** A quoted 'namespace.key'; not an object's own key (`'order.cancel': …`), an audit action or a host name. */
const KEY = new RegExp(`['\`"]((?:${NAMESPACES})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*)['\`"](?!\\s*:)`, 'g')
const notMessage = (line: string, key: string) => /\baction:/.test(line) || /\.(com|net|org|pk)$/.test(key)

function sourceFiles(): string[] {
	return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.split(path.sep).includes('i18n'))
}

const has = (catalogue: Record<string, Record<string, string>>, key: string) => {
	const dot = key.indexOf('.')
	return Object.hasOwn(catalogue[key.slice(0, dot)] ?? {}, key.slice(dot + 1))
}

describe('message keys named in the code', () => {
	const named = new Map<string, string>()
	for (const file of sourceFiles()) {
		for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) for (const match of line.matchAll(KEY)) if (!notMessage(line, match[1]!)) named.set(match[1]!, file)
	}

	it('finds the refusals’ keys (the check reads the code)', () => {
		for (const key of ['checkout.coupon.unknown', 'errors.receiptNotWaiting', 'order.signIn.badCode', 'checkout.outOfStock', 'order.delivery.codeN']) expect(named.has(key)).toBe(true)
	})

	it('are in the English and the Urdu catalogue', () => {
		const missing = [...named].filter(([key]) => !has(en as unknown as Record<string, Record<string, string>>, key) || !has(ur as unknown as Record<string, Record<string, string>>, key)).map(([key, file]) => `${key} (${file})`)
		expect(missing).toEqual([])
	})
})
