import { Form, Link, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { Notice } from '~/components/admin/action-result'
import { ErrorAlert } from '~/components/ui/error-alert'
import { ConsoleTable } from '~/components/admin/console-table'
import { RowAction } from '~/components/admin/row-action'
import { SearchFilters } from '~/components/admin/search-filters'
import { db } from '~/db/client.server'
import { importLibraryCsv } from '~/domain/library/import-library.server'
import { LIBRARY_CSV_FIELD, LIBRARY_IMPORT_LIMITS, libraryListQuery, libraryTitleForm, libraryTitleInput, type LibraryImportReport } from '~/domain/library/library-input'
import { createLibraryTitle, listAdminLibrary, updateLibraryTitle } from '~/domain/library/manage-library.server'
import { staffActor } from '~/domain/staff/audit.server'
import { readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { readLibraryCsv } from '~/http/library-csv.server'
import { AppError } from '~/utils/app-error'
import { idSchema } from '~/utils/input'
import { pageMeta } from '~/utils/seo'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import type { Route } from './+types/library'
import type { Outcome } from '~/http/outcome'
import { invalidInput } from '~/utils/field-errors'
import { FieldError, FormRefusal, useConsoleForm } from '~/components/admin/console-form'
import { FormProvider, getFormProps, getInputProps, useField } from '@conform-to/react'
import type { ReactNode } from 'react'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Game library', description: 'The Game Pass library titles: add, edit, hide, import a CSV.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	const query = libraryListQuery.parse(Object.fromEntries(new URL(request.url).searchParams))
	return { query, ...(await listAdminLibrary(db(), query)) }
}

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('add'), title: z.string(), genre: z.string(), top: z.string().optional() }),
	z.object({ intent: z.literal('edit'), id: idSchema(), title: z.string(), genre: z.string(), top: z.string().optional() }),
	z.object({ intent: z.literal('hide'), id: idSchema(), hidden: z.enum(['true', 'false']) }),
])

type LibraryOutcome = Outcome<{ report?: LibraryImportReport }, { id?: number }>

/** The result of an import in one sentence. */
function importSummary(r: LibraryImportReport) {
	const parts = [`${r.added} added`, `${r.updated} updated`, ...(r.unchanged ? [`${r.unchanged} already as in the file`] : []), `${r.skipped.length} skipped`]
	return `Imported: ${parts.join(', ')}.`
}

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const actor = staffActor(staff)
	const multipart = /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')
	try {
		if (multipart && new URL(request.url).searchParams.has('import')) {
			const text = await readLibraryCsv(request)
			const report = await importLibraryCsv(db(), actor, text)
			return data<LibraryOutcome>({ ok: true, intent: 'import', message: importSummary(report), report, at: Date.now() })
		}
		const form = await readPageForm(request)
		const parsed = intents.safeParse(form)
		if (!parsed.success) return notUnderstood<LibraryOutcome>({ intent: String(form.intent ?? '') })
		const input = parsed.data
		try {
			switch (input.intent) {
				case 'add': {
					const fields = libraryTitleInput.safeParse({ title: input.title, genre: input.genre, top: input.top === 'on' })
					if (!fields.success) throw invalidInput(fields.error)
					const added = await createLibraryTitle(db(), actor, fields.data)
					return data<LibraryOutcome>({ ok: true, intent: 'add', message: `Added “${added.title}” (${added.genre}${added.top ? ', Top' : ''}) to the library.`, at: Date.now() })
				}
				case 'edit': {
					const fields = libraryTitleForm.safeParse({ title: input.title, genre: input.genre, top: input.top === 'on' })
					if (!fields.success) throw invalidInput(fields.error)
					const saved = await updateLibraryTitle(db(), actor, input.id, fields.data)
					return data<LibraryOutcome>({ ok: true, intent: 'edit', message: `Saved “${saved.title}”.`, at: Date.now() })
				}
				case 'hide': {
					const hidden = input.hidden === 'true'
					const saved = await updateLibraryTitle(db(), actor, input.id, { hidden })
					return data<LibraryOutcome>({
						ok: true,
						intent: 'hide',
						message: hidden ? `Hid “${saved.title}”: the library page no longer lists it.` : `“${saved.title}” is listed on the library page again.`,
						at: Date.now(),
					})
				}
			}
		} catch (error) {
			if (error instanceof AppError) {
				const id = 'id' in input ? input.id : undefined
				return refuseWith<LibraryOutcome>(error, { intent: input.intent, id, values: form })
			}
			throw error
		}
	} catch (error) {
		if (error instanceof AppError) return refuseWith<LibraryOutcome>(error, { intent: multipart ? 'import' : '', fieldErrors: undefined })
		throw error
	}
}

/** The address of this list with some of its query changed. */
function listHref(query: { q: string; show: string; page: number }, change: Partial<{ q: string; show: string; page: number }>) {
	const next = { ...query, ...change }
	const params = new URLSearchParams()
	if (next.q) params.set('q', next.q)
	if (next.show !== 'all') params.set('show', next.show)
	if (next.page > 1) params.set('page', String(next.page))
	const text = params.toString()
	return text ? `/admin/library?${text}` : '/admin/library'
}

const SKIPPED_SHOWN = 100

export default function LibraryConsole({ loaderData }: Route.ComponentProps) {
	const { query, titles, total, page, pageCount, counts } = loaderData
	const result = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const failed = result && !result.ok ? result : null
	/** A row's refusal, and what its edit sent when that was refused (shown again in its fields). */
	const errorOf = (id: number) => (failed?.id === id ? failed : null)

	return (
		<div className="staff-content staff-library">
			<h1>Game library</h1>
			<p className="muted">
				{counts.all} titles, {counts.hidden} hidden. The <Link to="/game-pass-library">Game Pass library page</Link> lists the titles that are not hidden; those marked Top show under Trending Now.
			</p>
			<Notice message={result?.ok ? result.message : null} />
			<ErrorAlert message={failed && !failed.id && !(failed.intent === 'add' && Object.keys(failed.fieldErrors ?? {}).length) ? failed.message : null} />
			{result?.ok && result.report?.skipped.length ? (
				<section className="import-skipped" aria-labelledby="skipped-heading">
					<h2 id="skipped-heading">Skipped lines</h2>
					<ul>
						{result.report.skipped.slice(0, SKIPPED_SHOWN).map((s) => (
							<li key={s.line}>
								Line {s.line}
								{s.title ? ` (${s.title})` : ''}: {s.reason}
							</li>
						))}
					</ul>
					{result.report.skipped.length > SKIPPED_SHOWN ? <p className="muted small">…and {result.report.skipped.length - SKIPPED_SHOWN} more.</p> : null}
				</section>
			) : null}

			<div className="content-tools">
				<section className="settings-section" aria-labelledby="add-heading">
					<h2 id="add-heading">Add a title</h2>
					<AddTitleForm key={result?.ok && result.intent === 'add' ? result.at : 'add'} answer={failed?.intent === 'add' ? failed : null} busy={busy} />
				</section>

				<section className="settings-section" aria-labelledby="import-heading">
					<h2 id="import-heading">Import a CSV</h2>
					<p className="muted small">
						A header line <code>title,genre,top</code>, then one title per line; top is yes or no. New titles are added, titles already in the library take the file’s genre and top. At most 1 MB and {LIBRARY_IMPORT_LIMITS.rows.toLocaleString('en-US')} lines.
					</p>
					<Form method="post" action="/admin/library?import" encType="multipart/form-data" className="library-import">
						<div className="field">
							<label htmlFor="import-file">CSV file</label>
							<input id="import-file" type="file" name={LIBRARY_CSV_FIELD} accept=".csv,text/csv" required />
						</div>
						<button type="submit" className="button ghost" disabled={busy}>
							Import
						</button>
					</Form>
				</section>
			</div>

			<SearchFilters
				schema={libraryListQuery}
				idPrefix="library"
				searchLabel="Search titles or genres"
				q={query.q}
				show={query.show}
				showOptions={[
					['all', 'All titles'],
					['visible', 'Listed'],
					['hidden', 'Hidden'],
				]}
			/>

			<p className="muted small" role="status">
				{total === 0 ? 'No titles match.' : `${total} title${total === 1 ? '' : 's'}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}.`}
			</p>
			{titles.length ? (
				<ConsoleTable
					className="stacked-table library-table"
					rows={titles}
					rowKey={(t) => t.id}
					rowClassName={(t) => (t.hidden ? 'is-hidden' : undefined)}
					rowWrapper={(t, tr) => (
						// Keyed by what is saved: after a save the row's fields show it.
						<RowForm key={`${t.title}\u0000${t.genre}\u0000${t.top}`} title={t} answer={errorOf(t.id)?.intent === 'edit' ? errorOf(t.id) : null}>
							{tr}
						</RowForm>
					)}
					columns={[
						{
							header: 'Title',
							cell: (t) => (
								<>
									<RowField formId={rowFormId(t.id)} name="title" label={`Title of ${t.title}`} />
									<FormRefusal answer={errorOf(t.id)} />
								</>
							),
						},
						{
							header: 'Genre',
							cell: (t) => <RowField formId={rowFormId(t.id)} name="genre" label={`Genre of ${t.title}`} />,
						},
						{
							header: 'Top',
							label: false,
							cell: (t) => <RowTop formId={rowFormId(t.id)} title={t.title} />,
						},
						{
							header: 'Save',
							srOnlyHeader: true,
							cell: (t) => <RowSave formId={rowFormId(t.id)} id={t.id} title={t.title} busy={busy} />,
						},
						{
							header: 'On the library page',
							cell: (t) => (
								<RowAction
									className="visibility-form"
									intent="hide"
									fields={{ id: t.id, hidden: t.hidden ? 'false' : 'true' }}
									label={t.hidden ? 'Show' : 'Hide'}
									ariaLabel={`${t.hidden ? 'Show' : 'Hide'} ${t.title}`}
									busy={busy}
								>
									<span className={t.hidden ? 'status-pill hidden' : 'status-pill'}>{t.hidden ? 'Hidden' : 'Listed'}</span>
								</RowAction>
							),
						},
					]}
				/>
			) : null}
			{pageCount > 1 ? (
				<nav className="content-pager" aria-label="Pages of titles">
					{page > 1 ? <Link to={listHref(query, { page: page - 1 })}>← Previous</Link> : <span />}
					{page < pageCount ? <Link to={listHref(query, { page: page + 1 })}>Next →</Link> : null}
				</nav>
			) : null}
		</div>
	)
}

type Refusal = { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }

const rowFormId = (id: number) => `title-${id}`

/** A row's edit form: its fields sit in the row's cells (`form=`), checked with the title's schema before they are sent. */
function RowForm({ title, answer, children }: { title: { id: number; title: string; genre: string; top: boolean }; answer: Refusal | null; children: ReactNode }) {
	const [form] = useConsoleForm(libraryTitleForm, { id: rowFormId(title.id), answer, defaultValue: { title: title.title, genre: title.genre, top: title.top ? 'on' : '' } })
	return <FormProvider context={form.context}>{children}</FormProvider>
}

/** A row's title or genre box, and its refusal beside it. */
function RowField({ formId, name, label }: { formId: string; name: 'title' | 'genre'; label: string }) {
	const [field] = useField<string>(name, { formId })
	return (
		<>
			<input {...getInputProps(field, { type: 'text' })} aria-label={label} />
			<FieldError field={field} />
		</>
	)
}

function RowTop({ formId, title }: { formId: string; title: string }) {
	const [field] = useField<string>('top', { formId })
	return (
		<label className="inline-check">
			<input {...getInputProps(field, { type: 'checkbox' })} aria-label={`${title} is Top`} />
			<span aria-hidden="true">Top</span>
		</label>
	)
}

function RowSave({ formId, id, title, busy }: { formId: string; id: number; title: string; busy: boolean }) {
	const [, form] = useField('title', { formId })
	return <RowAction formProps={getFormProps(form)} intent="edit" fields={{ id }} label="Save" ariaLabel={`Save ${title}`} busy={busy} />
}

/** A new title: checked with the title's own schema before it is sent, and by the action after. */
function AddTitleForm({ answer, busy }: { answer: { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null; busy: boolean }) {
	const [form, fields] = useConsoleForm(libraryTitleForm, { id: 'library-add', answer })
	return (
		<Form method="post" className="library-add" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="add" />
			<div className="field">
				<label htmlFor={fields.title.id}>Title</label>
				<input {...getInputProps(fields.title, { type: 'text' })} />
				<FieldError field={fields.title} />
			</div>
			<div className="field">
				<label htmlFor={fields.genre.id}>Genre</label>
				<input {...getInputProps(fields.genre, { type: 'text' })} placeholder="e.g. Shooter" />
				<FieldError field={fields.genre} />
			</div>
			<label className="inline-check">
				<input {...getInputProps(fields.top, { type: 'checkbox' })} /> Top (Trending Now)
			</label>
			<button type="submit" className="button primary" disabled={busy}>
				Add title
			</button>
		</Form>
	)
}
