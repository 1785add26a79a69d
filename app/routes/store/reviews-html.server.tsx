import { ReviewForm } from '~/components/product/review-form'
import { ReviewList } from '~/components/product/review-list'
import { db } from '~/db/client.server'
import type { Product } from '~/domain/catalogue/types'
import { listReviews } from '~/domain/reviews/list-reviews.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import type { Lang } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { logger } from '~/utils/logger.server'
import { renderStaticHtml } from '~/utils/static-html.server'

// A product's reviews and review form as the product page and the Game Pass page draw them, in the
// page's language: HTML from the server, so neither page ships a component for them (ADR-007).

/** The reviews, drawn when they arrive (the page streams the promise); a failure is logged and said in one sentence. */
export function reviewListHtml(product: Pick<Product, 'id' | 'reviewGroup'> | null, lang: Lang): Promise<string> {
	return (product ? listReviews(db(), product) : Promise.resolve([]))
		.then((list) => renderStaticHtml(<ReviewList reviews={list} lang={lang} t={translator(lang)} />))
		.catch((error: unknown) => {
			logger.error({ err: error }, 'reviews failed')
			throw new Error('Failed to fetch reviews')
		})
}

/** The review form as every reader first sees it. */
export async function reviewFormHtml(productId: number, lang: Lang): Promise<string> {
	const { reviewsFrom } = await readStoreDetails(db())
	return renderStaticHtml(<ReviewForm productId={productId} buyersOnly={reviewsFrom === 'buyers'} lang={lang} t={translator(lang)} />)
}
