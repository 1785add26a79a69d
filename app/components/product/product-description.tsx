import type { Product } from '~/domain/catalogue/types'

/** The product's description, features and specifications: drawn by the server only (the page's loader renders it, ADR-007). */
export function ProductDescription({ product }: { product: Pick<Product, 'description' | 'features' | 'specifications'> }) {
	return (
		<>
			<h2 id="description-title">Description</h2>
			<p>{product.description}</p>
			<h2 className="h3">Features</h2>
			<ol className="features">
				{product.features.map((f) => (
					<li key={f}>{f}</li>
				))}
			</ol>
			{product.specifications.length ? (
				<>
					<h2 className="h3">Specifications</h2>
					<dl className="specs">
						{product.specifications.map((s, i) =>
							typeof s === 'string' ? (
								<div key={i}>
									<dd>{s}</dd>
								</div>
							) : (
								<div key={s.label}>
									<dt>{s.label}</dt>
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
