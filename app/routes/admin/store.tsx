import type { ReactNode } from 'react'
import { Form, data, useActionData, useNavigation } from 'react-router'
import { refuseWith } from '~/http/refusal.server'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { fieldLimits, useCheckedForm } from '~/components/admin/console-form'
import { getFormProps } from '@conform-to/react'
import { APP_SHORT_NAME_MAX, localMobile, MAX_FORM_ROWS, PAYMENT_REMINDER_LIMITS, parseStoreDetailsPatch, STORE_DETAIL_LABELS, storeDetailsFormErrors, storeDetailsFromForm, storeDetailsSchema, testimonialSchema, transferAccountId, transferAccountSchema, type StoreDetails } from '~/domain/settings/store-details'
import { readStoreDetails, updateStoreDetails } from '~/domain/settings/store-details.server'
import { receivingAccountsStatus, type ReceivingAccountStatus } from '~/domain/settings/receiving-accounts.server'
import { groupedIban, groupedRaastId } from '~/domain/settings/receiving-accounts'
import { formatRs } from '~/utils/money'
import { staffActor } from '~/domain/staff/audit.server'
import { readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import { useHydrated } from '~/utils/use-hydrated'
import { CostSettingsForm, savedCostsKey } from '~/components/admin/cost-settings-form'
import { costSettingsForm } from '~/domain/costs/cost-rules'
import { readCostSettings, updateCostSettings } from '~/domain/costs/cost-settings.server'
import { invalidInput } from '~/utils/field-errors'
import { WhatsAppSettingsForm } from '~/components/admin/whatsapp-settings-form'
import { removeWhatsApp, saveWhatsApp, sendWhatsAppTest, whatsappStatus } from '~/domain/whatsapp/whatsapp-settings.server'
import type { Route } from './+types/store'
import type { Outcome } from '~/http/outcome'
import { readAppIcon } from '~/domain/installable/read-app-icon.server'
import { appIconUrl, shortStoreName } from '~/domain/installable/web-app-manifest'
import { APP_ICON_MIN_SIDE, isAppIconProblem } from '~/domain/installable/app-icon-rules'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Store details', description: 'The store’s name, contacts, transfer accounts and home page texts.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'owner' })
	const [details, costs, whatsapp, icon, receiving] = await Promise.all([readStoreDetails(db()), readCostSettings(db()), whatsappStatus(db()), readAppIcon(db()), receivingAccountsStatus(db())])
	const url = new URL(request.url)
	const iconError = url.searchParams.get('appIconError')
	// The icon's upload comes back here (a form posted without scripts): its answer, only in the upload's own words.
	const iconAnswer =
		url.searchParams.get('appIcon') === 'saved'
			? { ok: true, message: 'The new app icon is saved: phones that install the shop from now on show it.' }
			: iconError !== null
				? { ok: false, message: isAppIconProblem(iconError) ? iconError : 'The icon could not be saved. Please try again.' }
				: null
	return { details, costs, whatsapp, receiving, icon: { src: appIconUrl('app-192.png', icon?.base ?? null), custom: icon !== null }, iconAnswer }
}

type StoreOutcome = Outcome<{ savedAt: number; details: StoreDetails }, { fieldErrors: Record<string, string>; values: Record<string, string> }>

const listOf = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`)

export async function action({ request }: Route.ActionArgs) {
	const me = await requireStaff(request, { permission: 'owner' })
	const form = await readPageForm(request, { limit: 64 * 1024 })
	if (form.intent === 'costs') return saveCosts(form, staffActor(me))
	if (form.intent?.startsWith('whatsapp-')) return whatsappAction(form, staffActor(me))
	const { change, formErrors } = storeDetailsFromForm(form)
	try {
		const { changed, details } = await updateStoreDetails(db(), staffActor(me), parseStoreDetailsPatch(change))
		const message = changed.length === 0 ? 'Nothing had changed, so nothing was saved.' : `Saved the ${listOf(changed.map((k) => STORE_DETAIL_LABELS[k]))}. Every page of the shop shows ${changed.length === 1 ? 'it' : 'them'} now.`
		return data<StoreOutcome>({ ok: true, message, savedAt: Date.now(), details })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<StoreOutcome>(error, { fieldErrors: formErrors(error.fieldErrors ?? {}), values: form })
		throw error
	}
}

type CostsOutcome = Outcome<{ savedAt: number }>

/** The costs form (its own form on this page): the dollar rate and PayPro's fee. */
async function saveCosts(form: Record<string, string>, actor: ReturnType<typeof staffActor>) {
	try {
		const parsed = costSettingsForm.safeParse(form)
		if (!parsed.success) throw invalidInput(parsed.error)
		const { changed } = await updateCostSettings(db(), actor, parsed.data)
		return data<CostsOutcome>({ ok: true, intent: 'costs', message: changed ? 'Saved the rates and PayPro’s fee. Orders paid from now on count their cost and profit with them.' : 'Nothing had changed, so nothing was saved.', savedAt: Date.now() })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<CostsOutcome>(error, { intent: 'costs', values: form })
		throw error
	}
}

type WhatsAppOutcome = Outcome<{ at: number }>

/** The WhatsApp updates section's forms: connect or change, send a test, disconnect (ADR-035). */
async function whatsappAction(form: Record<string, string>, actor: ReturnType<typeof staffActor>) {
	const intent = form.intent
	try {
		switch (intent) {
			case 'whatsapp-save': {
				const saved = await saveWhatsApp(db(), actor, form)
				return data<WhatsAppOutcome>({ ok: true, intent, at: Date.now(), message: `WhatsApp is connected (template ${saved.templateName}). The checkout now offers “Send updates on WhatsApp”.` })
			}
			case 'whatsapp-test': {
				const sent = await sendWhatsAppTest(db(), form)
				return data<WhatsAppOutcome>({ ok: true, intent, at: Date.now(), message: `WhatsApp accepted the test message to +${sent.to} (message id ${sent.messageId}).` })
			}
			case 'whatsapp-remove':
				await removeWhatsApp(db(), actor)
				return data<WhatsAppOutcome>({ ok: true, intent, at: Date.now(), message: 'WhatsApp is disconnected: the checkout no longer offers updates there, and nothing more is sent.' })
			default:
				throw new AppError('BAD_REQUEST', 'That WhatsApp action is not one this page knows.')
		}
	} catch (error) {
		// What was typed comes back to the form, except the token: it never returns to the browser.
		const { token: _token, ...values } = form
		if (error instanceof AppError) return refuseWith<WhatsAppOutcome>(error, { intent, values })
		throw error
	}
}

const whatsappKey = (status: Route.ComponentProps['loaderData']['whatsapp'], answer: WhatsAppOutcome | null) =>
	[status?.phoneNumberId, status?.templateName, status?.languageEn, status?.languageUr, status?.tokenEnd, answer?.ok ? answer.at : ''].join('|')

// The longest each box takes, from the schema the action parses the form with (nowhere else).
const LIMITS = { details: fieldLimits(storeDetailsSchema), account: fieldLimits(transferAccountSchema), testimonial: fieldLimits(testimonialSchema) }

/** Blank rows under the saved ones, for adding without scripts; the lists hold at most 12. */
const BLANK_ROWS = 2
const rowsToShow = (saved: number, sent: string | undefined) => Math.min(sent ? Number(sent) || 0 : saved + BLANK_ROWS, Math.max(saved, 12), MAX_FORM_ROWS)

/** What the form shows: what was sent (after a refusal), else the saved details in the form's own field names. */
function formValues(details: StoreDetails): Record<string, string> {
	const values: Record<string, string> = {
		storeName: details.storeName,
		whatsapp: localMobile(details.whatsapp),
		supportPhone: details.supportPhone,
		supportEmail: details.supportEmail,
		instagram: details.instagram,
		banner: details.banner,
		heroHeadline: details.heroHeadline,
		heroSubheadline: details.heroSubheadline,
		promoVideoId: details.promoVideoId ?? '',
		palestineVideoId: details.palestineVideoId ?? '',
		metaPixelId: details.metaPixelId ?? '',
		appName: details.appName ?? '',
		appShortName: details.appShortName ?? '',
		reviewsFrom: details.reviewsFrom,
		renewalReminderDays: String(details.renewalReminderDays),
		'paymentReminders.firstAfterMinutes': String(details.paymentReminders.firstAfterMinutes),
		'paymentReminders.secondAfterHours': String(details.paymentReminders.secondAfterHours),
	}
	details.transferAccounts.forEach((a, i) =>
		Object.assign(values, {
			[`transferAccounts.${i}.method`]: a.method,
			[`transferAccounts.${i}.holder`]: a.holder,
			[`transferAccounts.${i}.account`]: a.account,
			[`transferAccounts.${i}.iban`]: a.iban ? groupedIban(a.iban) : '',
			[`transferAccounts.${i}.raastId`]: a.raastId ? groupedRaastId(a.raastId) : '',
			[`transferAccounts.${i}.ceiling.rupees`]: a.ceiling ? String(a.ceiling.rupees) : '',
			[`transferAccounts.${i}.ceiling.period`]: a.ceiling?.period ?? 'month',
		}),
	)
	details.testimonials.forEach((t, i) => Object.assign(values, { [`testimonials.${i}.name`]: t.name, [`testimonials.${i}.text`]: t.text, [`testimonials.${i}.rating`]: String(t.rating) }))
	return values
}

export default function StoreSettings({ loaderData }: Route.ComponentProps) {
	const answer = useActionData<typeof action>()
	const costsAnswer = answer?.intent === 'costs' ? (answer as CostsOutcome) : null
	const whatsappAnswer = answer?.intent?.startsWith('whatsapp-') ? (answer as WhatsAppOutcome) : null
	const result = answer?.intent === 'costs' || whatsappAnswer ? undefined : (answer as StoreOutcome | undefined)
	// Just saved: what was saved, as the form is drawn anew (the page's data may follow a moment later).
	const details = result?.ok ? result.details : loaderData.details
	const busy = useNavigation().state === 'submitting'
	const failed = result && !result.ok ? result : null
	const values = failed ? failed.values : formValues(details)
	// Checked before it is sent with what the action refuses (the same mapping, the same schema); each
	// problem beside its field, the action's refusal too (without scripts, from the server alone).
	const { form, errors: checked } = useCheckedForm({ id: 'store-details', answer: failed, check: storeDetailsFormErrors })
	const hydrated = useHydrated()
	const errors = hydrated ? checked : (failed?.fieldErrors ?? {})
	const field = { values, errors }
	// What each saved account took in against its ceiling (read when the page loaded).
	const statusOf = (a: StoreDetails['transferAccounts'][number]) => loaderData.receiving.find((r) => r.id === transferAccountId(a))
	const accountRows = rowsToShow(details.transferAccounts.length, failed?.values['transferAccounts.rows'])
	const testimonialRows = rowsToShow(details.testimonials.length, failed?.values['testimonials.rows'])
	const save = (
		<button type="submit" className="button primary" disabled={busy}>
			{busy ? 'Saving…' : 'Save store details'}
		</button>
	)

	return (
		<div className="staff-settings store-settings">
			<h1>Store details</h1>
			<p className="muted">What buyers see on every page: the store’s contacts, where they send transfers, and the home page’s texts. A saved change shows on every page at once.</p>
			{result?.ok ? (
				<p className="success-box" role="status">
					{result.message}
				</p>
			) : null}
			{failed && Object.keys(failed.fieldErrors).length > 0 ? <ErrorSummary errors={failed.fieldErrors} /> : <ErrorAlert message={failed?.message} />}

			{/* One form, so nothing typed in one section is lost by saving another; it works without scripts. */}
			<Form method="post" className="store-form" key={result?.ok ? result.savedAt : 'store'} {...getFormProps(form)} noValidate>
				<section className="settings-section" aria-labelledby="contacts-heading">
					<h2 id="contacts-heading">Store and contacts</h2>
					<div className="field-grid">
						<TextField {...field} name="storeName" label="Store name" maxLength={LIMITS.details.storeName?.maxLength} autoComplete="organization" />
						<TextField {...field} name="whatsapp" label="WhatsApp number" type="tel" autoComplete="off" hint="The chat button, the footer, the contact page and every “Ask on WhatsApp” open a chat with this number." />
						<TextField {...field} name="supportPhone" label="Support number" type="tel" autoComplete="off" hint="Shown beside the WhatsApp links and in the policies. A mobile or a landline." />
						<TextField {...field} name="supportEmail" label="Support email" type="email" autoComplete="off" />
						<TextField {...field} name="instagram" label="Instagram" autoComplete="off" hint="The username or the link to the profile." />
					</div>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="transferAccounts-heading" id="transferAccounts">
					<h2 id="transferAccounts-heading">Bank and wallet accounts</h2>
					<p className="muted small">
						Buyers who pay by transfer see these on the payment page, each number with a copy button. Leave a row empty to add nothing; tick Remove to take one away. An account with a ceiling stops being shown to new
						buyers once its paid transfer orders reach it this day or month (Pakistan time); the next accounts are shown instead, and when every account is at its ceiling, all of them are.
					</p>
					<ReceivingSummary accounts={loaderData.receiving} />
					<FieldError errors={errors} name="transferAccounts" />
					<input type="hidden" name="transferAccounts.rows" value={accountRows} />
					<ol className="settings-rows">
						{Array.from({ length: accountRows }, (_, i) => (
							<li key={i} className="settings-row account-row">
								<TextField {...field} name={`transferAccounts.${i}.method`} label="Bank or wallet" rowLabel={`account ${i + 1}`} placeholder="e.g. Meezan Bank" maxLength={LIMITS.account.method?.maxLength} />
								<TextField {...field} name={`transferAccounts.${i}.holder`} label="Account holder" rowLabel={`account ${i + 1}`} maxLength={LIMITS.account.holder?.maxLength} />
								<TextField {...field} name={`transferAccounts.${i}.account`} label="Account number or IBAN" rowLabel={`account ${i + 1}`} maxLength={LIMITS.account.account?.maxLength} />
								{i < details.transferAccounts.length ? <RemoveBox list="transferAccounts" index={i} label={`account ${i + 1}`} values={values} /> : <span />}
								<TextField {...field} name={`transferAccounts.${i}.iban`} label="IBAN (optional)" rowLabel={`account ${i + 1}`} maxLength={34} autoComplete="off" placeholder="PK36 SCBL 0000 0011 2345 6702" />
								<TextField {...field} name={`transferAccounts.${i}.raastId`} label="Raast ID (optional)" rowLabel={`account ${i + 1}`} type="tel" autoComplete="off" placeholder="0300 1234567" />
								<TextField {...field} name={`transferAccounts.${i}.ceiling.rupees`} label="Ceiling, Rs. (optional)" rowLabel={`account ${i + 1}`} inputMode="numeric" autoComplete="off" />
								<PeriodField {...field} name={`transferAccounts.${i}.ceiling.period`} rowLabel={`account ${i + 1}`} />
								{i < details.transferAccounts.length ? <AccountStatusLine status={statusOf(details.transferAccounts[i]!)} /> : null}
							</li>
						))}
					</ol>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="home-heading">
					<h2 id="home-heading">Home page</h2>
					<div className="field-grid">
						<TextField {...field} name="banner" label="Announcement banner" maxLength={LIMITS.details.banner?.maxLength} wide hint="Above the header on every page. Leave it empty to show no banner." />
						<TextField {...field} name="heroHeadline" label="Headline" maxLength={LIMITS.details.heroHeadline?.maxLength} wide />
						<TextField {...field} name="heroSubheadline" label="Text under the headline" maxLength={LIMITS.details.heroSubheadline?.maxLength} multiline />
					</div>
					<h3 id="testimonials">Testimonials</h3>
					<p className="muted small">Up to 12, shown in this order. Leave a row empty to add nothing; tick Remove to take one away; with none, the home page leaves the section out.</p>
					<FieldError errors={errors} name="testimonials" />
					<input type="hidden" name="testimonials.rows" value={testimonialRows} />
					<ol className="settings-rows">
						{Array.from({ length: testimonialRows }, (_, i) => (
							<li key={i} className="settings-row testimonial-row">
								<TextField {...field} name={`testimonials.${i}.name`} label="Name and city" rowLabel={`testimonial ${i + 1}`} placeholder="e.g. Ahmed R., Lahore" maxLength={LIMITS.testimonial.name?.maxLength} />
								<RatingField {...field} name={`testimonials.${i}.rating`} rowLabel={`testimonial ${i + 1}`} />
								<TextField {...field} name={`testimonials.${i}.text`} label="What they said" rowLabel={`testimonial ${i + 1}`} maxLength={LIMITS.testimonial.text?.maxLength} multiline wide={false} />
								{i < details.testimonials.length ? <RemoveBox list="testimonials" index={i} label={`testimonial ${i + 1}`} values={values} /> : <span />}
							</li>
						))}
					</ol>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="reviews-heading" id="reviewsFrom">
					<h2 id="reviews-heading">Reviews</h2>
					<fieldset className="radio-list" aria-describedby={errors.reviewsFrom ? 'reviewsFrom-error' : undefined}>
						<legend>Who may review a product</legend>
						<label>
							<input type="radio" name="reviewsFrom" value="anyone" defaultChecked={values.reviewsFrom !== 'buyers'} /> Anyone
						</label>
						<label>
							<input type="radio" name="reviewsFrom" value="buyers" defaultChecked={values.reviewsFrom === 'buyers'} /> Only buyers: the reviewer signs in with their order email, and it must have a paid order of the product
						</label>
					</fieldset>
					<FieldError errors={errors} name="reviewsFrom" />
					<p className="muted small">Either way, a review by a buyer signed in with the email of a paid order of the product shows “Verified purchase”.</p>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="reminders-heading">
					<h2 id="reminders-heading">Renewal reminders</h2>
					<div className="field-grid">
						<TextField
							{...field}
							name="renewalReminderDays"
							label="Days before a subscription ends"
							inputMode="numeric"
							autoComplete="off"
							hint="From 1 to 30. Buyers get one email this many days before their subscription ends and one on the day, each with a Renew link."
						/>
					</div>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="payment-reminders-heading" id="paymentReminders">
					<h2 id="payment-reminders-heading">Payment reminders</h2>
					<p className="muted small">An online order left unpaid, or a transfer without its receipt, gets a reminder with the way to pay (email, and push or WhatsApp when the buyer asked for them). None once it is paid, cancelled or expired.</p>
					<div className="field-grid">
						<TextField
							{...field}
							name="paymentReminders.firstAfterMinutes"
							label="First reminder, minutes after the order"
							inputMode="numeric"
							autoComplete="off"
							hint={`From 1 to ${PAYMENT_REMINDER_LIMITS.firstAfterMinutes}; 0 sends none.`}
						/>
						<TextField
							{...field}
							name="paymentReminders.secondAfterHours"
							label="Second reminder, hours after the order"
							inputMode="numeric"
							autoComplete="off"
							hint={`From 1 to ${PAYMENT_REMINDER_LIMITS.secondAfterHours}; 0 sends none.`}
						/>
					</div>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="media-heading">
					<h2 id="media-heading">Videos and tracking</h2>
					<div className="field-grid">
						<TextField {...field} name="promoVideoId" label="Game Pass video (YouTube)" autoComplete="off" hint="A YouTube link or video id, for the home and Game Pass pages. Empty shows the shop’s poster." />
						<TextField {...field} name="palestineVideoId" label="Palestine initiative video (YouTube)" autoComplete="off" hint="A YouTube link or video id. Empty shows the shop’s poster." />
						<TextField {...field} name="metaPixelId" label="Meta pixel id" inputMode="numeric" autoComplete="off" hint="Digits only. Empty loads no advertising pixel." />
					</div>
					{save}
				</section>

				<section className="settings-section" aria-labelledby="app-heading" id="app">
					<h2 id="app-heading">App on the home screen</h2>
					<p className="muted small">Buyers can install the shop as an app. A phone shows the short name under the icon, and the app name on its opening screen.</p>
					<div className="field-grid">
						<TextField {...field} name="appName" label="App name" maxLength={60} autoComplete="off" placeholder={details.storeName} hint={`Empty uses the store name: “${details.storeName}”.`} />
						<TextField
							{...field}
							name="appShortName"
							label="Short name"
							maxLength={APP_SHORT_NAME_MAX}
							autoComplete="off"
							placeholder={shortStoreName(details.storeName)}
							hint={`Up to ${APP_SHORT_NAME_MAX} characters. Empty uses “${shortStoreName(details.storeName)}”.`}
						/>
					</div>
					{save}
				</section>
			</Form>

			<AppIconForm icon={loaderData.icon} answer={loaderData.iconAnswer} />

			{/* Drawn anew when what is saved changes (the page's data comes after the save's answer): its boxes start from it. */}
			<CostSettingsForm key={savedCostsKey(loaderData.costs)} costs={loaderData.costs} answer={costsAnswer} busy={busy} />
			{/* Drawn anew once something else is saved: its boxes start from what is saved now. */}
			<WhatsAppSettingsForm key={whatsappKey(loaderData.whatsapp, whatsappAnswer)} status={loaderData.whatsapp} answer={whatsappAnswer} busy={busy} />
		</div>
	)
}

const idOf = (name: string) => name.replace(/\./g, '-')

const ROW_NAMES: Record<string, string> = { transferAccounts: 'Account', testimonials: 'Testimonial' }
/** “Account 2: ” before a list row's message, so the summary says which row. */
const rowOf = (name: string) => {
	const [list, row] = name.split('.')
	return row && ROW_NAMES[list!] ? `${ROW_NAMES[list!]} ${Number(row) + 1}: ` : ''
}

/** Every refused field as a link to it, above the form (the field says it again where it is). */
function ErrorSummary({ errors }: { errors: Record<string, string> }) {
	const entries = Object.entries(errors)
	return (
		<div className="error-box" role="alert">
			<p>{entries.length === 1 ? 'Please fix this field:' : `Please fix these ${entries.length} fields:`}</p>
			<ul>
				{entries.map(([name, message]) => (
					<li key={name}>
						<a href={`#${idOf(name)}`}>
							{rowOf(name)}
							{message}
						</a>
					</li>
				))}
			</ul>
		</div>
	)
}

/** The app icon: what phones show now, and a file to replace it; posted without scripts, answered back here. */
function AppIconForm({ icon, answer }: { icon: { src: string; custom: boolean }; answer: { ok: boolean; message: string } | null }) {
	return (
		<section className="settings-section app-icon-section" aria-labelledby="app-icon-heading" id="app-icon">
			<h2 id="app-icon-heading">App icon</h2>
			<div className="app-icon-row">
				<img src={icon.src} width={96} height={96} alt={icon.custom ? 'The app icon you uploaded' : 'The built-in app icon (the shop’s logo)'} className="app-icon-preview" />
				<form method="post" action="/api/admin/app-icon" encType="multipart/form-data" className="app-icon-form">
					<label htmlFor="app-icon-file">{icon.custom ? 'Replace the app icon' : 'Upload your app icon'}</label>
					<input id="app-icon-file" type="file" name="icon" accept="image/png,image/jpeg,image/webp" required aria-describedby="app-icon-hint" />
					<p className="field-hint" id="app-icon-hint">
						A square PNG, JPEG or WebP, at least {APP_ICON_MIN_SIDE} × {APP_ICON_MIN_SIDE} pixels. Keep what matters in the middle: some phones crop it to a circle.
					</p>
					<button type="submit" className="button primary small">
						Upload icon
					</button>
				</form>
			</div>
			{answer?.ok ? (
				<p className="success-box" role="status">
					{answer.message}
				</p>
			) : (
				<ErrorAlert message={answer?.message} focus={false} />
			)}
		</section>
	)
}

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
	return errors[name] ? (
		<p className="field-error" id={`${idOf(name)}-error`}>
			{errors[name]}
		</p>
	) : null
}

interface FieldProps {
	name: string
	values: Record<string, string>
	errors: Record<string, string>
	/** A list row's field: its label names the row for screen readers (“Bank or wallet, account 2”). */
	rowLabel?: string
}

function Labelled({ name, label, rowLabel, hint, errors, wide, children }: Pick<FieldProps, 'name' | 'rowLabel' | 'errors'> & { label: string; hint?: string; wide?: boolean; children: ReactNode }) {
	const id = idOf(name)
	return (
		<div className={wide ? 'field wide' : 'field'}>
			<label htmlFor={id}>
				{label}
				{rowLabel ? <span className="sr-only">, {rowLabel}</span> : null}
			</label>
			{children}
			<FieldError errors={errors} name={name} />
			{hint ? (
				<p className="field-hint" id={`${id}-hint`}>
					{hint}
				</p>
			) : null}
		</div>
	)
}

const described = (name: string, errors: Record<string, string>, hint?: string) => {
	const id = idOf(name)
	const ids = [hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean)
	return { 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': ids.length ? ids.join(' ') : undefined }
}

function TextField({
	name,
	label,
	values,
	errors,
	rowLabel,
	hint,
	multiline = false,
	wide = multiline,
	...input
}: FieldProps & { label: string; hint?: string; multiline?: boolean; wide?: boolean; type?: string; maxLength?: number; placeholder?: string; autoComplete?: string; inputMode?: 'numeric' }) {
	const common = { id: idOf(name), name, defaultValue: values[name] ?? '', ...described(name, errors, hint) }
	return (
		<Labelled name={name} label={label} rowLabel={rowLabel} hint={hint} errors={errors} wide={wide}>
			{multiline ? <textarea {...common} rows={3} maxLength={input.maxLength} placeholder={input.placeholder} /> : <input {...common} {...input} />}
		</Labelled>
	)
}

function RatingField({ name, values, errors, rowLabel }: FieldProps) {
	return (
		<Labelled name={name} label="Stars" rowLabel={rowLabel} errors={errors}>
			<select id={idOf(name)} name={name} defaultValue={values[name] || '5'} {...described(name, errors)}>
				{[5, 4, 3, 2, 1].map((n) => (
					<option key={n} value={n}>
						{n} {n === 1 ? 'star' : 'stars'}
					</option>
				))}
			</select>
		</Labelled>
	)
}

function PeriodField({ name, values, errors, rowLabel }: FieldProps) {
	return (
		<Labelled name={name} label="Ceiling per" rowLabel={rowLabel} errors={errors}>
			<select id={idOf(name)} name={name} defaultValue={values[name] || 'month'} {...described(name, errors)}>
				<option value="month">Month</option>
				<option value="day">Day</option>
			</select>
		</Labelled>
	)
}

const PERIOD_WORD = { day: 'today', month: 'this month' } as const

/** One account's intake against its ceiling, and whether new buyers are shown it. */
function AccountStatusLine({ status }: { status: ReceivingAccountStatus | undefined }) {
	if (!status) return null
	const intake = status.ceiling ? `${formatRs(status.received)} of ${formatRs(status.ceiling.rupees)} ${PERIOD_WORD[status.ceiling.period]}` : 'No ceiling'
	return (
		<p className={`account-status small ${status.atCeiling ? 'at-ceiling' : 'muted'}`}>
			{intake}. {status.atCeiling ? (status.shown ? 'At its ceiling, but shown: every account is at its ceiling.' : 'At its ceiling: new buyers are not shown it.') : 'Shown to new buyers.'}
		</p>
	)
}

/** Which accounts new buyers are shown now, and which are at their ceiling. */
function ReceivingSummary({ accounts }: { accounts: ReceivingAccountStatus[] }) {
	const shown = accounts.filter((a) => a.shown)
	const full = accounts.filter((a) => a.atCeiling)
	const name = (a: ReceivingAccountStatus) => `${a.method} (${a.account})`
	return (
		<div className="receiving-summary">
			<p>
				<strong>Shown to new buyers now:</strong> {shown.map(name).join(', ')}.
			</p>
			{full.length > 0 ? (
				<p>
					<strong>At their ceiling:</strong> {full.map(name).join(', ')}
					{full.length === accounts.length ? '. Every account is at its ceiling, so all are shown: raise a ceiling or add an account.' : '.'}
				</p>
			) : null}
		</div>
	)
}

function RemoveBox({ list, index, label, values }: { list: string; index: number; label: string; values: Record<string, string> }) {
	const name = `${list}.${index}.remove`
	return (
		<label className="remove-row">
			<input type="checkbox" name={name} value="1" defaultChecked={Boolean(values[name])} />
			Remove<span className="sr-only"> {label}</span>
		</label>
	)
}
