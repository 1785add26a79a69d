import { z } from 'zod'
import { libraryListQuery, libraryTitleInput, libraryTitlePatch } from '../../domain/library/library-input'
import { pageInput, POLICY_SLUGS } from '../../domain/pages/page-input'
import { reviewVisibilityInput, staffReviewQuery } from '../../domain/reviews/staff-review-query'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

// The content endpoints: the Game Pass library's titles, the policy pages and FAQ as Markdown, and
// hiding reviews. Each change is audited (before and after) and clears every instance's pages.

const TAG_LIBRARY = 'Library'
const TAG_PAGES = 'Pages'
const TAG_REVIEWS = 'Reviews'

export const libraryTitle = z.object({
	id: z.number().int(),
	title: z.string(),
	genre: z.string(),
	top: z.boolean().describe('Listed under Trending Now / Most Popular (the spec’s trending)'),
	hidden: z.boolean().describe('Left off the library page, its counts and its genres'),
})

export const listLibraryContract = defineContract({
	method: 'GET',
	path: '/api/admin/library',
	summary: 'The game library’s titles, hidden ones included: search, filter, 100 a page',
	tag: TAG_LIBRARY,
	permission: 'catalogue',
	scope: 'content',
	query: libraryListQuery,
	response: z.object({
		titles: z.array(libraryTitle),
		total: z.number().int().describe('Titles matching the search'),
		page: z.number().int(),
		pageCount: z.number().int(),
		counts: z.object({ all: z.number().int(), hidden: z.number().int() }).describe('The whole library'),
	}),
})

export const addLibraryTitleContract = defineContract({
	method: 'POST',
	path: '/api/admin/library',
	summary: 'Add a title (unique whatever its case); top defaults to false',
	tag: TAG_LIBRARY,
	permission: 'catalogue',
	scope: 'content',
	body: libraryTitleInput,
	response: libraryTitle,
	status: 201,
})

export const changeLibraryTitleContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/library/{id}',
	summary: 'Change a title’s name, genre or top mark, or hide it from the library page (hidden: true) or show it again',
	tag: TAG_LIBRARY,
	permission: 'catalogue',
	scope: 'content',
	params: z.object({ id: idSchema('No title with that id in the library.') }),
	body: libraryTitlePatch,
	response: libraryTitle,
})

export const libraryImportReport = z.object({
	added: z.number().int(),
	updated: z.number().int().describe('Titles already in the library (whatever their case) that took the file’s genre or top'),
	unchanged: z.number().int().describe('Titles already as in the file'),
	skipped: z.array(z.object({ line: z.number().int().describe('The header is line 1'), title: z.string().nullable(), reason: z.string() })),
})

export const importLibraryContract = defineContract({
	method: 'POST',
	path: '/api/admin/library/import',
	summary:
		'Import a CSV (header title,genre,top; top yes/no/true/false/1/0), sent as the body with Content-Type text/csv or as a file upload in the field “file”; at most 1 MB and 5,000 lines, in one transaction',
	tag: TAG_LIBRARY,
	permission: 'catalogue',
	scope: 'content',
	multipart: true,
	body: z.object({ file: z.string().describe('The CSV file (UTF-8)') }),
	response: libraryImportReport,
})

const pageSlug = z.object({ slug: z.enum(POLICY_SLUGS) })

export const policyPage = z.object({
	slug: z.enum(POLICY_SLUGS),
	title: z.string(),
	markdown: z.string().describe('The page’s text now: the owner’s, else the shop’s own'),
	defaultMarkdown: z.string().describe('The shop’s own text; PUT it back to restore the page'),
	edited: z.boolean(),
	updatedAt: z.string().nullable(),
	lastUpdated: z.string().describe('As the page dates itself, e.g. July 8, 2025'),
	html: z.string().describe('The page’s text as the storefront shows it: sanitised HTML with the store’s details filled in, rendered when it was saved'),
	dropped: z.array(z.string()).describe('What the page leaves out of the Markdown: raw HTML tags, images, and a code tag never closed with the rest of its paragraph'),
	problem: z.string().nullable().describe('Set when the stored text cannot be shown as a page (saved before texts were checked): the storefront shows it as plain text'),
	urdu: z
		.object({
			markdown: z.string().nullable().describe('The Urdu text /ur/{slug} shows: the owner’s, else the shop’s own (while the English is the shop’s own); null: /ur shows the English with a note in Urdu'),
			defaultMarkdown: z.string().describe('The shop’s own Urdu text'),
			edited: z.boolean().describe('The owner saved an Urdu version (or chose none)'),
			updatedAt: z.string().nullable(),
			html: z.string().nullable().describe('The Urdu text as /ur/{slug} shows it, sanitised; null when it shows the English'),
		})
		.describe('The page’s optional Urdu version, shown at /ur/{slug}'),
})

export const listPagesContract = defineContract({
	method: 'GET',
	path: '/api/admin/pages',
	summary: 'The policy pages and the FAQ: whether each shows the owner’s text, and since when',
	tag: TAG_PAGES,
	permission: 'catalogue',
	scope: 'content',
	response: z.object({ pages: z.array(policyPage.omit({ markdown: true, defaultMarkdown: true, html: true, dropped: true, problem: true, urdu: true })) }),
})

export const readPageContract = defineContract({
	method: 'GET',
	path: '/api/admin/pages/{slug}',
	summary: 'A policy page or the FAQ: its Markdown, the shop’s own, and the HTML the storefront shows',
	tag: TAG_PAGES,
	permission: 'catalogue',
	scope: 'content',
	params: pageSlug,
	response: policyPage,
})

export const savePageContract = defineContract({
	method: 'PUT',
	path: '/api/admin/pages/{slug}',
	summary:
		'Replace a page’s Markdown (at most 100,000 characters; raw HTML is left out when shown); the shop’s own text restores the page. With urdu, also its Urdu version (the same rules; empty or null: none, /ur shows the English)',
	tag: TAG_PAGES,
	permission: 'catalogue',
	scope: 'content',
	params: pageSlug,
	body: pageInput,
	// 100,000 characters as JSON, twice (English and Urdu): escapes take up to six bytes a character.
	bodyLimit: 2 * 1024 * 1024,
	response: policyPage,
})

export const staffReview = z.object({
	id: z.number().int(),
	productId: z.number().int(),
	productName: z.string().nullable(),
	name: z.string(),
	rating: z.number().int(),
	comment: z.string(),
	reviewGroup: z.string().nullable(),
	email: z.string().nullable().describe('The email the reviewer gave, if any (never shown to buyers)'),
	verifiedPurchase: z.boolean().describe('The email had a paid order of the product (or its review group) when the review was written'),
	hidden: z.boolean(),
	hiddenAt: z.string().nullable(),
	createdAt: z.string(),
})

export const listReviewsContract = defineContract({
	method: 'GET',
	path: '/api/admin/reviews',
	summary: 'Recent reviews, newest first, 50 a page (hidden ones included unless asked)',
	tag: TAG_REVIEWS,
	permission: 'catalogue',
	scope: 'content',
	query: staffReviewQuery,
	response: z.object({ reviews: z.array(staffReview), nextBefore: z.number().int().nullable().describe('Pass as before for the next page; null on the last') }),
})

export const changeReviewContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/reviews/{id}',
	summary: 'Hide a review from every page and list (open product pages drop it at once), or show it again',
	tag: TAG_REVIEWS,
	permission: 'catalogue',
	scope: 'content',
	params: z.object({ id: idSchema('No review with that id.') }),
	body: reviewVisibilityInput,
	response: z.object({ id: z.number().int(), hidden: z.boolean(), hiddenAt: z.string().nullable(), changed: z.boolean().describe('False when the review already was as asked') }),
})

/** The content endpoints' contracts. */
export const contentContracts: AdminContract[] = [
	listLibraryContract,
	addLibraryTitleContract,
	changeLibraryTitleContract,
	importLibraryContract,
	listPagesContract,
	readPageContract,
	savePageContract,
	listReviewsContract,
	changeReviewContract,
]
