import type { Product } from '~/domain/catalogue/types'
import type { Translate } from '~/i18n/catalogue'
import type { Lang } from '~/i18n/lang'
import { specLabel } from '~/i18n/option-label'

/** The product's description, features and specifications: drawn by the server only (the page's loader renders it, ADR-007), headings in the page's language. */
export function ProductDescription({ product, lang, t }: { product: Pick<Product, 'description' | 'features' | 'specifications'>; lang: Lang; t: Translate }) {
	return (
		<>
			<h2 id="description-title">{t('catalogue.product.description')}</h2>
			{/* The owner's words: English ones read left to right on an Urdu page too. */}
			<p dir="auto">{product.description}</p>
			<h2 className="h3">{t('catalogue.product.features')}</h2>
			{/* One direction for the whole list (its first feature's), so the numbers sit on the side it is padded on. */}
			<ol className="features" dir="auto">
				{product.features.map((f) => (
					<li key={f}>{f}</li>
				))}
			</ol>
			{product.specifications.length ? (
				<>
					<h2 className="h3">{t('catalogue.product.specifications')}</h2>
					<dl className="specs">
						{product.specifications.map((s, i) =>
							typeof s === 'string' ? (
								<div key={i}>
									<dd>{s}</dd>
								</div>
							) : (
								<div key={s.label}>
									<dt>{specLabel(t, lang, s.label)}</dt>
									<dd>{s.value}</dd>
								</div>
							),
						)}
					</dl>
				</>
			) : null}
		</>
	)
}
