import { Form } from 'react-router'
import type { ChecklistItem } from '~/domain/catalogue/publish-checklist'
import { ErrorAlert } from '~/components/ui/error-alert'

/**
 * A draft's way to the shop (ADR-046): what is still missing, the preview, and Publish; a published
 * product's way back to draft. Publishing with something missing needs "Publish anyway" ticked.
 */
export function PublishPanel({ productId, status, checklist, refusal, busy }: { productId: number; status: 'draft' | 'published'; checklist: ChecklistItem[]; refusal: string | null; busy: boolean }) {
	const ready = checklist.every((i) => i.done)
	return (
		<section className="settings-section product-publish" aria-labelledby="publish-heading">
			<h2 id="publish-heading">{status === 'draft' ? 'Draft: not in the shop yet' : 'Published'}</h2>
			{status === 'draft' ? (
				<>
					<p className="muted small">Buyers cannot find or buy a draft. Before publishing, check:</p>
					<ul className="publish-checklist">
						{checklist.map((item) => (
							<li key={item.key} className={item.done ? 'is-done' : 'is-missing'}>
								<span aria-hidden="true">{item.done ? '✓' : '✗'}</span> {item.label}
								{item.done ? <span className="sr-only"> (done)</span> : <span className="muted small"> — missing {item.missing}</span>}
							</li>
						))}
					</ul>
					<ErrorAlert message={refusal} id="publish-error" />
					<Form method="post" className="publish-form">
						{ready ? null : (
							<label className="check-field">
								<input type="checkbox" name="anyway" value="1" aria-describedby={refusal ? 'publish-error' : undefined} /> Publish anyway
							</label>
						)}
						<div className="product-more-actions">
							<button type="submit" name="intent" value="publish" className="button primary small" disabled={busy}>
								Publish
							</button>
							<a href={`/admin/products/${productId}/preview`} className="button ghost small" target="_blank" rel="noreferrer">
								Preview
							</a>
						</div>
					</Form>
				</>
			) : (
				<Form method="post" className="publish-form">
					<p className="muted small">Buyers see it while it is visible. Back to draft takes it off the shop until you publish it again.</p>
					<button type="submit" name="intent" value="unpublish" className="button ghost small" disabled={busy}>
						Unpublish (back to draft)
					</button>
				</Form>
			)}
		</section>
	)
}
