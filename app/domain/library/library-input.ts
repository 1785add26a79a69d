import { z } from 'zod'
import { nameSchema, textSchema } from '../../utils/input'

// What staff send about a game library title, from the console's forms, the JSON API or a CSV
// line: one set of rules and messages. Browser-safe.

export const LIBRARY_LIMITS = { title: 120, genre: 40 }

export const LIBRARY_MESSAGES = {
	title: `Enter the game's title (up to ${LIBRARY_LIMITS.title} characters).`,
	genre: `Enter the genre (up to ${LIBRARY_LIMITS.genre} characters), like Shooter or RPG.`,
	top: 'Top must be yes, no, true, false, 1 or 0.',
	nothing: 'Say what to change: title, genre, top or hidden.',
} as const

const YES = new Set(['yes', 'y', 'true', '1', 'on', 'top'])
const NO = new Set(['no', 'n', 'false', '0', 'off', ''])

/** yes/no/true/false/1/0 (any case; a form's checkbox sends 'on'), or a JSON boolean; null when it is none of them. */
export function parseFlag(value: unknown): boolean | null {
	if (typeof value === 'boolean') return value
	if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null
	if (typeof value !== 'string') return null
	const text = value.trim().toLowerCase()
	return YES.has(text) ? true : NO.has(text) ? false : null
}

const flag = (message: string) =>
	z.union([z.boolean(), z.string(), z.number()], { error: message }).transform((value, ctx) => {
		const parsed = parseFlag(value)
		if (parsed === null) {
			ctx.addIssue({ code: 'custom', message })
			return z.NEVER
		}
		return parsed
	})

export const libraryTitleSchema = nameSchema(LIBRARY_MESSAGES.title, LIBRARY_LIMITS.title, LIBRARY_MESSAGES.title)
export const libraryGenreSchema = textSchema().pipe(z.string().min(1, LIBRARY_MESSAGES.genre).max(LIBRARY_LIMITS.genre, LIBRARY_MESSAGES.genre))

/** A new title: top (the spec's trending, shown under Trending Now) defaults to no. */
export const libraryTitleInput = z.strictObject({
	title: libraryTitleSchema,
	genre: libraryGenreSchema,
	top: flag(LIBRARY_MESSAGES.top).default(false),
})
export type LibraryTitleInput = z.infer<typeof libraryTitleInput>
/** The console's "Add a title" form: the same fields (its other fields, like `intent`, are not the title's). */
export const libraryTitleForm = z.object(libraryTitleInput.shape)

/** A change to a title: any of its fields, and whether it is hidden from the storefront. */
export const libraryTitlePatch = z
	.strictObject({
		title: libraryTitleSchema.optional(),
		genre: libraryGenreSchema.optional(),
		top: flag(LIBRARY_MESSAGES.top).optional(),
		hidden: flag('Hidden must be true or false.').optional(),
	})
	.refine((patch) => Object.values(patch).some((v) => v !== undefined), LIBRARY_MESSAGES.nothing)
export type LibraryTitlePatch = z.infer<typeof libraryTitlePatch>

/** The console's list of titles: a search in title and genre, which titles, and the page. */
export const libraryListQuery = z.object({
	q: z.string().max(100).catch('').describe('Words in the title or the genre'),
	show: z.enum(['all', 'visible', 'hidden']).catch('all').describe('all (default), visible (listed on the library page) or hidden'),
	page: z.coerce.number().int().min(1).max(100_000).catch(1).describe('100 titles a page, alphabetical'),
})
export type LibraryListQuery = z.infer<typeof libraryListQuery>

/** A title as the console and the API show it. */
export interface LibraryTitle {
	id: number
	title: string
	genre: string
	/** The spec's trending: listed under Trending Now / Most Popular. */
	top: boolean
	/** Left off the storefront's library, its counts and its genres. */
	hidden: boolean
}

export const LIBRARY_IMPORT_LIMITS = { bytes: 1024 * 1024, rows: 5000 }

/** The upload form's field that carries the CSV file. */
export const LIBRARY_CSV_FIELD = 'file'

export interface LibraryImportReport {
	added: number
	updated: number
	unchanged: number
	/** Lines left out, with why (line numbers as a spreadsheet shows them, the header being line 1). */
	skipped: { line: number; title: string | null; reason: string }[]
}

