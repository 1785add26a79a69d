import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../client.server'
import { gameLibrary, products, productVariants } from '../schema'
import { variantsFromOptions } from '../../domain/catalogue/product-view'
import type { ProductKind } from '../../domain/catalogue/types'
import { catalogue, type SeedProduct } from './catalogue'
import { gameLibrary as libraryEntries } from './game-library'
import { urduOfSeedProduct } from './catalogue-ur'

/** The kind of a built-in product that does not say: what its options make it. */
function kindOf(p: SeedProduct): ProductKind {
	if (p.kind) return p.kind
	if (p.denominations?.length) return 'gift_card'
	if (p.durations?.length) return 'subscription'
	if (p.privatePrice != null || /account/i.test(p.name)) return 'account'
	return 'game_key'
}

/**
 * A shop seeded before the catalogue had its Urdu gets it: a built-in product's Urdu description,
 * caption and features are written where they are still empty and its English is still the seed's (an owner's
 * own Urdu, or English they rewrote, is left alone). One statement; nothing changes on later starts.
 */
async function fillSeedUrdu(tx: Tx) {
	const rows = catalogue.map((p) => {
		const urdu = urduOfSeedProduct(p)
		return sql`(${p.id}::int, ${p.description}::text, ${p.caption}::text, ${JSON.stringify(p.features)}::jsonb, ${urdu.descriptionUr}::text, ${urdu.captionUr}::text, ${urdu.featuresUr ? JSON.stringify(urdu.featuresUr) : null}::jsonb)`
	})
	const fills = (column: string) => sql.raw(`(p.${column}_ur is null and p.${column} = s.${column} and s.${column}_ur is not null)`)
	await tx.execute(sql`
		update products p set
			description_ur = case when ${fills('description')} then s.description_ur else p.description_ur end,
			caption_ur = case when ${fills('caption')} then s.caption_ur else p.caption_ur end,
			features_ur = case when ${fills('features')} then s.features_ur else p.features_ur end
		from (values ${sql.join(rows, sql`, `)}) as s(id, description, caption, features, description_ur, caption_ur, features_ur)
		where p.id = s.id and (${fills('description')} or ${fills('caption')} or ${fills('features')})`)
}

/**
 * Idempotent: inserts what is missing and leaves existing rows alone, so a restart never
 * duplicates anything nor overwrites what staff changed later.
 */
export async function seedDatabase(db: Db) {
	await db.transaction(async (tx) => {
		// Two instances starting together must not race each other's seed.
		await tx.execute(sql`select pg_advisory_xact_lock(7301)`)
		const inserted = await tx
			.insert(products)
			.values(
				catalogue.map((p) => ({
					id: p.id,
					name: p.name,
					description: p.description,
					...urduOfSeedProduct(p),
					originalPrice: p.originalPrice,
					image: p.image,
					caption: p.caption,
					platform: p.category,
					kind: kindOf(p),
					badge: p.badge ?? null,
					features: p.features,
					specifications: p.specifications,
					paymentMethods: p.paymentMethods,
					termsPage: p.termsPage ?? null,
					contentPage: p.contentPage ?? null,
					reviewGroup: p.reviewGroup ?? null,
					featured: p.featured,
					hasDuration: p.hasDuration ?? false,
				})),
			)
			.onConflictDoNothing({ target: products.id })
			.returning({ id: products.id })
		await fillSeedUrdu(tx)
		const fresh = new Set(inserted.map((r) => r.id))
		const variants = catalogue
			.filter((p) => fresh.has(p.id))
			.flatMap((p) => variantsFromOptions(p).map((v) => ({ ...v, productId: p.id })))
		if (variants.length) await tx.insert(productVariants).values(variants)
		// Products created in the console continue after the catalogue's own ids.
		await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), greatest((select max(id) from products), 1))`)
		// Staff manage the library in the console: seed only an empty one, so a renamed title never comes back.
		const [anyTitle] = await tx.select({ id: gameLibrary.id }).from(gameLibrary).limit(1)
		if (!anyTitle) {
			const seen = new Set<string>()
			const entries = libraryEntries
				.map((e) => ({ ...e, title: e.title.trim() }))
				.filter((e) => e.title && !seen.has(e.title) && seen.add(e.title))
			await tx.insert(gameLibrary).values(entries).onConflictDoNothing({ target: gameLibrary.title })
		}
	})
}
