import { useEffect, useRef, useState } from 'react'
import { Form, Link, data, useActionData, useFetcher, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminTime } from '~/components/admin/admin-time'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { pageEditorForm } from '~/domain/pages/page-input'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { previewPolicyPage, readPolicyPage, readPolicyPageShown, readUrduVersion, restorePolicyPage, restoreUrduVersion, savePolicyPage, saveUrduVersion } from '~/domain/pages/policy-pages.server'
import { pageTokens } from '~/domain/pages/render-markdown.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { staffActor } from '~/domain/staff/audit.server'
import { asPage, readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import type { Route } from './+types/page-editor'
import type { Outcome } from '~/http/outcome'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
	pageMeta(matches, { title: loaderData ? `Edit ${loaderData.page.title}` : 'Edit page', description: 'Edit a policy page or the FAQ as Markdown.', extra: [{ name: 'robots', content: 'noindex' }] })

async function tokens() {
	return pageTokens(await readStoreDetails(db()))
}


export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	// Opens whatever is stored: the HTML made when it was saved, or the text shown plainly with a note if it cannot render.
	const { html, dropped, problem, ...page } = await asPage(() => readPolicyPageShown(db(), params.slug ?? ''))
	return { page, html, dropped, problem, urdu: await readUrduVersion(db(), page.slug) }
}

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('save'), markdown: z.string() }),
	z.object({ intent: z.literal('preview'), markdown: z.string() }),
	z.object({ intent: z.literal('restore') }),
	z.object({ intent: z.literal('save-urdu'), urdu: z.string() }),
	z.object({ intent: z.literal('restore-urdu') }),
])

type EditorOutcome =
	| Outcome<{ intent: 'save' | 'restore' | 'save-urdu' | 'restore-urdu'; at: number; dropped: string[] }, { markdown?: string; urdu?: string }>
	| { ok: true; intent: 'preview'; markdown: string; html: string; dropped: string[] }

// Markdown of up to 100,000 characters, which a form sends percent-encoded: up to nine bytes for an Urdu letter.
const FORM_LIMIT = 1024 * 1024

export async function action({ request, params }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const page = await asPage(() => readPolicyPage(db(), params.slug ?? ''))
	const form = await readPageForm(request, { limit: FORM_LIMIT })
	const parsed = intents.safeParse(form)
	if (!parsed.success) return notUnderstood<EditorOutcome>({ intent: String(form.intent ?? '') })
	const input = parsed.data
	try {
		switch (input.intent) {
			case 'preview': {
				const { html, dropped } = await previewPolicyPage(input.markdown, await tokens())
				return data<EditorOutcome>({ ok: true, intent: 'preview', markdown: input.markdown, html, dropped })
			}
			case 'save': {
				const saved = await savePolicyPage(db(), staffActor(staff), page.slug, input.markdown)
				const message = saved.updatedAt === page.updatedAt ? 'Nothing had changed, so nothing was saved.' : `Saved. /${page.slug} shows your text now.`
				return data<EditorOutcome>({ ok: true, intent: 'save', message, at: Date.now(), dropped: saved.dropped })
			}
			case 'save-urdu': {
				const before = await readUrduVersion(db(), page.slug)
				const saved = await saveUrduVersion(db(), staffActor(staff), page.slug, input.urdu)
				const message =
					saved.updatedAt === before.updatedAt && saved.markdown === before.markdown
						? 'Nothing had changed in the Urdu version, so nothing was saved.'
						: saved.markdown === null
							? `Saved: no Urdu version. /ur/${page.slug} shows the English text with a note in Urdu.`
							: `Saved. /ur/${page.slug} shows this Urdu text now.`
				return data<EditorOutcome>({ ok: true, intent: 'save-urdu', message, at: Date.now(), dropped: [] })
			}
			case 'restore-urdu': {
				const before = await readUrduVersion(db(), page.slug)
				await restoreUrduVersion(db(), staffActor(staff), page.slug)
				const message = !before.edited
					? 'The Urdu version already is the shop’s own.'
					: page.edited
						? `Removed your Urdu text. /ur/${page.slug} shows your English text with a note in Urdu; your Urdu is kept in the audit log.`
						: `Restored the shop’s own Urdu text. /ur/${page.slug} shows it now; yours is kept in the audit log.`
				return data<EditorOutcome>({ ok: true, intent: 'restore-urdu', message, at: Date.now(), dropped: [] })
			}
			case 'restore': {
				await restorePolicyPage(db(), staffActor(staff), page.slug)
				const message = page.edited ? `Restored the shop’s own text. /${page.slug} shows it now; your text is kept in the audit log.` : 'The page already shows the shop’s own text.'
				return data<EditorOutcome>({ ok: true, intent: 'restore', message, at: Date.now(), dropped: [] })
			}
		}
	} catch (error) {
		if (error instanceof AppError) {
			if (input.intent === 'save-urdu') return refuseWith<EditorOutcome>(error, { intent: input.intent, values: { urdu: input.urdu }, urdu: input.urdu })
			const markdown = 'markdown' in input ? input.markdown : undefined
			return refuseWith<EditorOutcome>(error, { intent: input.intent, values: markdown === undefined ? undefined : { markdown }, markdown })
		}
		throw error
	}
}

const PREVIEW_DELAY_MS = 400

export default function PageEditor({ loaderData }: Route.ComponentProps) {
	const { page, html, dropped, problem, urdu } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const preview = useFetcher<typeof action>()
	const typing = useRef<ReturnType<typeof setTimeout>>(undefined)
	const [live, setLive] = useState<string | null>(null)
	useEffect(() => () => clearTimeout(typing.current), [])

	// What the text box shows: what was sent (a preview or a refused save), else the page's text.
	const sent = result && 'markdown' in result && typeof result.markdown === 'string' ? result.markdown : undefined
	const editorKey = result && 'at' in result ? result.at : 'editor'
	// A save or a restore shows the page as saved; typing since shows the live preview.
	const [liveDropped, setLiveDropped] = useState<string[] | null>(null)
	useEffect(() => {
		setLive(null)
		setLiveDropped(null)
	}, [editorKey])
	useEffect(() => {
		if (preview.state === 'idle' && preview.data?.ok && preview.data.intent === 'preview') {
			setLive(preview.data.html)
			setLiveDropped(preview.data.dropped)
		}
	}, [preview.state, preview.data])
	const shown = live ?? (result?.ok && result.intent === 'preview' ? result.html : html)
	// What the page leaves out of the text: of the live preview, of the preview or save just made, else of the stored page.
	const leftOut = liveDropped ?? (result?.ok ? result.dropped : dropped)
	const failed = result && !result.ok ? result : null

	function onType(markdown: string) {
		clearTimeout(typing.current)
		typing.current = setTimeout(() => {
			if (markdown.trim()) void preview.submit({ intent: 'preview', markdown }, { method: 'post' })
		}, PREVIEW_DELAY_MS)
	}

	return (
		<div className="staff-content page-editor">
			<p className="small">
				<Link to="/admin/pages">← Pages</Link>
			</p>
			<h1>{page.title}</h1>
			<p className="muted">
				{page.edited ? (
					<>
						Your text, saved <AdminTime date={page.updatedAt} />.
					</>
				) : (
					'The shop’s own text.'
				)}{' '}
				<a href={`/${page.slug}`}>Open /{page.slug}</a>
			</p>
			{result?.ok && result.intent !== 'preview' ? (
				<p className="success-box" role="status">
					{result.message}
				</p>
			) : null}
			{/* A refusal of the text is shown beside it, not again above the form. */}
			<ErrorAlert message={failed && !failed.fieldErrors?.markdown && !failed.fieldErrors?.urdu ? failed.message : null} />
			{problem ? (
				<p className="warning-box" role="status">
					{problem}
				</p>
			) : null}

			<div className="editor-layout">
				<EditorForm key={editorKey} markdown={sent ?? page.markdown} answer={failed} busy={busy} onType={onType} />

				<section className="editor-preview" aria-labelledby="preview-heading" aria-busy={preview.state !== 'idle'}>
					<h2 id="preview-heading">Preview</h2>
					{leftOut.length ? (
						<div className="warning-box left-out">
							<p>Left out of the page (HTML and images are not shown):</p>
							<ul>
								{leftOut.map((part, i) => (
									<li key={i}>
										<code>{part}</code>
									</li>
								))}
							</ul>
						</div>
					) : null}
					<div className="policy preview-frame">
						<h1 className="preview-title">{page.title}</h1>
						<div className="policy-body" dangerouslySetInnerHTML={{ __html: shown }} />
					</div>
				</section>
			</div>

			<Form
				method="post"
				className="restore-form"
				onSubmit={(e) => {
					if (page.edited && !window.confirm(`Replace your text of ${page.title} with the shop’s own?`)) e.preventDefault()
				}}
			>
				<input type="hidden" name="intent" value="restore" />
				<button type="submit" className="button ghost" disabled={busy || !page.edited}>
					Restore default
				</button>
				<span className="muted small">{page.edited ? 'Puts back the shop’s own text; yours stays in the audit log.' : 'The page shows the shop’s own text.'}</span>
			</Form>

			<UrduEditor key={`urdu-${editorKey}`} slug={page.slug} urdu={urdu} refused={failed?.intent === 'save-urdu' ? failed : null} busy={busy} />
		</div>
	)
}

/** The page's text, checked with the server's schema before it is saved or previewed; drawn anew after a save. */
function EditorForm({ markdown, answer, busy, onType }: { markdown: string; answer: { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null; busy: boolean; onType: (markdown: string) => void }) {
	const [form, fields] = useConsoleForm(pageEditorForm, { id: 'page-editor', answer, defaultValue: { markdown } })
	return (
		<Form method="post" className="editor-form" {...getFormProps(form)}>
			<div className="field">
				<label htmlFor={fields.markdown.id}>Page text (Markdown)</label>
				<p className="field-hint" id="markdown-hint">
					<code>## Heading</code> starts a section (on the FAQ, each question); leave an empty line between paragraphs; <code>- item</code> for a list, <code>**bold**</code>,{' '}
					<code>[text](https://…)</code> for a link. <code>{'{storeName}'}</code>, <code>{'{supportEmail}'}</code> and <code>{'{whatsapp}'}</code> are filled in with the store’s details. HTML is left out.
				</p>
				<textarea {...getTextareaProps(fields.markdown, { ariaDescribedBy: 'markdown-hint' })} rows={24} spellCheck onChange={(e) => onType(e.target.value)} />
				<FieldError field={fields.markdown} />
			</div>
			<div className="editor-actions">
				<button type="submit" name="intent" value="save" className="button primary" disabled={busy}>
					Save page
				</button>
				<button type="submit" name="intent" value="preview" className="button ghost" disabled={busy}>
					Preview
				</button>
			</div>
		</Form>
	)
}

/**
 * The page's Urdu version, beside the English: its Markdown (empty: none, and /ur shows the English
 * with a note), saved and sanitised the same way; what /ur shows now below it.
 */
function UrduEditor({
	slug,
	urdu,
	refused,
	busy,
}: {
	slug: string
	urdu: Route.ComponentProps['loaderData']['urdu']
	refused: { message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null
	busy: boolean
}) {
	const error = refused?.fieldErrors?.urdu ?? refused?.message
	const state = urdu.markdown === null ? (urdu.edited ? 'You chose no Urdu version' : 'No Urdu version yet: your English text differs from the shop’s own, whose Urdu would not match it') : urdu.edited ? 'Your Urdu text' : 'The shop’s own Urdu text'
	return (
		<section className="urdu-editor" aria-labelledby="urdu-heading">
			<h2 id="urdu-heading">Urdu version (optional)</h2>
			<p className="muted">
				{state}
				{urdu.updatedAt ? (
					<>
						, saved <AdminTime date={urdu.updatedAt} />
					</>
				) : null}
				. <a href={`/ur/${slug}`}>Open /ur/{slug}</a>
			</p>
			<Form method="post" className="editor-form">
				<input type="hidden" name="intent" value="save-urdu" />
				<div className="field">
					<label htmlFor="urdu-markdown">Urdu text (Markdown)</label>
					<p className="field-hint" id="urdu-hint">
						The same Markdown as the English. Leave it empty to show the English text on /ur/{slug}, with a short note in Urdu at the top.
					</p>
					<textarea
						id="urdu-markdown"
						name="urdu"
						lang="ur"
						dir="rtl"
						rows={16}
						defaultValue={refused?.values?.urdu ?? urdu.markdown ?? ''}
						aria-describedby={error ? 'urdu-hint urdu-error' : 'urdu-hint'}
						aria-invalid={error ? true : undefined}
					/>
					{error ? (
						<p className="field-error" id="urdu-error">
							{error}
						</p>
					) : null}
				</div>
				<div className="editor-actions">
					<button type="submit" className="button primary" disabled={busy}>
						Save Urdu version
					</button>
				</div>
			</Form>
			<Form method="post" className="restore-form">
				<input type="hidden" name="intent" value="restore-urdu" />
				<button type="submit" className="button ghost" disabled={busy || !urdu.edited}>
					Restore the shop’s Urdu
				</button>
			</Form>
			{urdu.html !== null ? (
				<div className="policy preview-frame urdu-preview" lang="ur" dir="rtl">
					<h3 className="preview-title">What /ur/{slug} shows</h3>
					<div className="policy-body" dangerouslySetInnerHTML={{ __html: urdu.html }} />
				</div>
			) : null}
		</section>
	)
}
