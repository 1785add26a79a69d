import { getFormProps, getSelectProps } from '@conform-to/react'
import { Form, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { ALERT_EVENT_LABELS, ALERT_EVENTS, OWNER_DEFAULT_EVENTS } from '~/domain/alerts/alert-events'
import { alertFormInput, alertSettingsFromForm, hourLabel } from '~/domain/alerts/alert-settings'
import { readMyAlerts, saveMyAlerts } from '~/domain/alerts/alert-settings.server'
import { pollTelegramLinks, removeTelegramBot, saveTelegramBot, startTelegramLink, telegramBotStatus, unlinkTelegram } from '~/domain/alerts/telegram.server'
import { staffActor } from '~/domain/staff/audit.server'
import { permissionRefusal, staffMay } from '~/domain/staff/permissions'
import { readPageIntent } from '~/http/http.server'
import type { Outcome } from '~/http/outcome'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/alerts'

// Each staff member's own alerts (issue 24): what reaches them, by email and Telegram, quiet hours
// and a daily summary; their Telegram chat linked by a one-time code; the owner connects the bot.

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Alerts', description: 'What reaches you by email and Telegram.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	const me = await requireStaff(request)
	return { me: { email: me.email, owner: staffMay(me, 'owner') }, alerts: await readMyAlerts(db(), me.id), bot: await telegramBotStatus(db()) }
}

const alertsIntent = z.discriminatedUnion('intent', [
	z.looseObject({ intent: z.literal('save-alerts') }),
	z.object({ intent: z.literal('link-telegram') }),
	z.object({ intent: z.literal('check-link') }),
	z.object({ intent: z.literal('unlink-telegram') }),
	z.object({ intent: z.literal('save-bot'), token: z.string().default('') }),
	z.object({ intent: z.literal('remove-bot') }),
])

type AlertsOutcome = Outcome<{ link?: { code: string; botUsername: string } }>

export async function action({ request }: Route.ActionArgs) {
	const me = await requireStaff(request)
	const { form, input } = await readPageIntent(request, alertsIntent)
	if (!input) return notUnderstood<AlertsOutcome>({ intent: String(form.intent ?? '') })
	const { intent } = input
	try {
		if ((intent === 'save-bot' || intent === 'remove-bot') && !staffMay(me, 'owner')) throw new AppError('FORBIDDEN', permissionRefusal('owner'))
		switch (intent) {
			case 'save-alerts':
				await saveMyAlerts(db(), me.id, alertSettingsFromForm(form))
				return data<AlertsOutcome>({ ok: true, intent, message: 'Your alerts are saved.' })
			case 'link-telegram': {
				const link = await startTelegramLink(db(), me.id)
				return data<AlertsOutcome>({ ok: true, intent, message: `Send /start ${link.code} to @${link.botUsername} within 15 minutes.`, link: { code: link.code, botUsername: link.botUsername } })
			}
			case 'check-link': {
				await pollTelegramLinks(db())
				const mine = await readMyAlerts(db(), me.id)
				if (!mine.telegramLinked) throw new AppError('CONFLICT', 'The bot has not had your code yet. Send it the /start message, then check again (or get a new code).')
				return data<AlertsOutcome>({ ok: true, intent, message: 'Your Telegram chat is linked. Tick “Telegram” and save to receive alerts there.' })
			}
			case 'unlink-telegram':
				await unlinkTelegram(db(), me.id)
				return data<AlertsOutcome>({ ok: true, intent, message: 'Your Telegram chat is unlinked: no alerts go there.' })
			case 'save-bot': {
				const { username } = await saveTelegramBot(db(), staffActor(me), input.token)
				return data<AlertsOutcome>({ ok: true, intent, message: `The shop’s bot @${username} is connected. Each staff member links their own chat on this page.` })
			}
			case 'remove-bot':
				await removeTelegramBot(db(), staffActor(me))
				return data<AlertsOutcome>({ ok: true, intent, message: 'The Telegram bot is disconnected, and every linked chat with it.' })
		}
	} catch (error) {
		// The token is never typed back into the form.
		if (error instanceof AppError) return refuseWith<AlertsOutcome>(error, { intent, ...(intent === 'save-alerts' ? { values: form } : {}) })
		throw error
	}
}

const HOURS = Array.from({ length: 24 }, (_, h) => h)

function HourSelect({ field, label, none, hint }: { field: Parameters<typeof getSelectProps>[0]; label: string; none: string; hint?: string }) {
	return (
		<div className="field">
			<label htmlFor={field.id}>{label}</label>
			<select {...getSelectProps(field, { ariaDescribedBy: hint ? `${field.id}-hint` : undefined })}>
				<option value="">{none}</option>
				{HOURS.map((h) => (
					<option key={h} value={String(h)}>
						{hourLabel(h)}
					</option>
				))}
			</select>
			<FieldError field={field} />
			{hint ? (
				<p id={`${field.id}-hint`} className="muted small">
					{hint}
				</p>
			) : null}
		</div>
	)
}

export default function Alerts({ loaderData }: Route.ComponentProps) {
	const { me, alerts, bot } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const failed = result && !result.ok ? result : null
	const errorFor = (...intents: string[]) => <ErrorAlert message={failed && intents.includes(failed.intent ?? '') && !Object.keys(failed.fieldErrors ?? {}).length ? failed.message : null} />
	const values = failed?.intent === 'save-alerts' ? failed.values : undefined
	const hour = (h: number | null) => (h === null ? '' : String(h))
	const [form, fields] = useConsoleForm(alertFormInput, {
		id: 'alerts',
		answer: failed?.intent === 'save-alerts' ? failed : null,
		defaultValue: { quietStart: hour(alerts.quietStart), quietEnd: hour(alerts.quietEnd), summaryHour: hour(alerts.summaryHour) },
	})
	const checked = (name: string, saved: boolean) => (values ? values[name] === 'on' || values[name] === 'true' : saved)
	const link = result?.ok && 'link' in result ? result.link : undefined
	// The answer is shown before the page's data is read again: the chat is linked (or not) as it says meanwhile.
	const linked = result?.ok && result.intent === 'check-link' ? true : result?.ok && result.intent === 'unlink-telegram' ? false : alerts.telegramLinked

	return (
		<div className="staff-settings staff-alerts">
			<h1>Alerts</h1>
			{result?.ok ? (
				<div className="success-box" role="status">
					<p>{result.message}</p>
				</div>
			) : null}
			{failed && !['save-alerts', 'link-telegram', 'check-link', 'unlink-telegram', 'save-bot', 'remove-bot'].includes(failed.intent ?? '') ? <ErrorAlert message={failed.message} /> : null}

			<section aria-labelledby="alerts-heading" className="settings-section">
				<h2 id="alerts-heading">What reaches you</h2>
				{alerts.byDefault ? (
					<p className="muted small alerts-default">
						Until you save this form, the {OWNER_DEFAULT_EVENTS.length} events ticked below (what waits for a person) reach you by email at <strong>{me.email}</strong>. Change them, add Telegram or quiet hours, or untick everything and save to receive none.
					</p>
				) : alerts.saved ? null : (
					<p className="muted small">You receive no alerts until you save this form. The boxes show a suggestion.</p>
				)}
				{errorFor('save-alerts')}
				<Form method="post" className="alerts-form" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="save-alerts" />
					<fieldset className="field alert-choices">
						<legend>Tell me when</legend>
						{ALERT_EVENTS.map((e) => (
							<label key={e} className="checkbox-label">
								<input type="checkbox" name={`event-${e}`} defaultChecked={checked(`event-${e}`, alerts.events.includes(e))} />
								<span>{ALERT_EVENT_LABELS[e]}</span>
							</label>
						))}
					</fieldset>
					<fieldset className="field alert-choices">
						<legend>Send them by</legend>
						<label className="checkbox-label">
							<input type="checkbox" name="byEmail" value="true" defaultChecked={checked('byEmail', alerts.byEmail)} />
							<span>
								Email to <strong>{me.email}</strong>
							</span>
						</label>
						<label className="checkbox-label">
							<input type="checkbox" name="byTelegram" value="true" defaultChecked={checked('byTelegram', alerts.byTelegram)} />
							<span>Telegram{linked ? ' (your linked chat)' : ' (link your chat below first)'}</span>
						</label>
					</fieldset>
					<div className="alert-hours">
						<HourSelect field={fields.quietStart} label="Quiet from" none="No quiet hours" />
						<HourSelect field={fields.quietEnd} label="Quiet until" none="No quiet hours" />
					</div>
					<p className="muted small">Pakistan time. Alerts raised in quiet hours wait and arrive when they end.</p>
					<HourSelect field={fields.summaryHour} label="Daily summary" none="No daily summary" hint="Yesterday’s orders, payments, revenue and refunds, at this hour (Pakistan time), by the channels ticked above." />
					<button type="submit" className="button primary" disabled={busy}>
						Save alerts
					</button>
				</Form>
			</section>

			<section aria-labelledby="telegram-heading" className="settings-section">
				<h2 id="telegram-heading">Your Telegram chat</h2>
				{errorFor('link-telegram', 'check-link', 'unlink-telegram')}
				{!bot ? (
					<p className="muted">{me.owner ? 'Connect the shop’s Telegram bot below first.' : 'The shop owner has not connected a Telegram bot yet.'}</p>
				) : linked ? (
					<>
						<p>
							<strong>Linked</strong> to @{bot.username}.
						</p>
						<Form method="post">
							<input type="hidden" name="intent" value="unlink-telegram" />
							<button type="submit" className="button ghost" disabled={busy}>
								Unlink Telegram
							</button>
						</Form>
					</>
				) : link ? (
					<>
						<p className="telegram-code" role="status">
							Send <code>/start {link.code}</code> to{' '}
							<a href={`https://t.me/${link.botUsername}?start=${link.code}`} target="_blank" rel="noreferrer">
								@{link.botUsername}
							</a>{' '}
							on Telegram within 15 minutes, then check.
						</p>
						<Form method="post">
							<input type="hidden" name="intent" value="check-link" />
							<button type="submit" className="button primary" disabled={busy}>
								I sent it: check
							</button>
						</Form>
					</>
				) : (
					<>
						<p className="muted small">Get a one-time code and send it to @{bot.username}: the shop then knows your chat.</p>
						<div className="button-row">
							<Form method="post">
								<input type="hidden" name="intent" value="link-telegram" />
								<button type="submit" className="button primary" disabled={busy}>
									Get a link code
								</button>
							</Form>
							{alerts.linkPending ? (
								<Form method="post">
									<input type="hidden" name="intent" value="check-link" />
									<button type="submit" className="button ghost" disabled={busy}>
										I sent my code: check
									</button>
								</Form>
							) : null}
						</div>
					</>
				)}
			</section>

			{me.owner ? (
				<section aria-labelledby="bot-heading" className="settings-section">
					<h2 id="bot-heading">The shop’s Telegram bot</h2>
					{errorFor('save-bot', 'remove-bot')}
					{bot ? (
						<p>
							<strong>@{bot.username}</strong> is connected (token ending <code>…{bot.tokenEnd}</code>).
						</p>
					) : (
						<p className="muted small">Make a bot with @BotFather on Telegram and paste its token here. It is stored encrypted and never shown again.</p>
					)}
					{/* Drawn afresh after each answer: a token typed in never stays in the page. */}
					<Form key={result ? `bot-${result.intent}-${result.message}` : 'bot'} method="post" className="settings-form" autoComplete="off">
						<input type="hidden" name="intent" value="save-bot" />
						<div className="field">
							<label htmlFor="bot-token">{bot ? 'Replace the token' : 'Bot token'}</label>
							<input id="bot-token" name="token" type="password" required autoComplete="off" spellCheck={false} aria-invalid={failed?.intent === 'save-bot' && failed.fieldErrors?.token ? true : undefined} aria-describedby={failed?.intent === 'save-bot' && failed.fieldErrors?.token ? 'bot-token-error' : undefined} />
							{failed?.intent === 'save-bot' && failed.fieldErrors?.token ? (
								<p id="bot-token-error" className="field-error">
									{failed.fieldErrors.token}
								</p>
							) : null}
						</div>
						<button type="submit" className="button primary" disabled={busy}>
							{bot ? 'Replace token' : 'Connect bot'}
						</button>
					</Form>
					{bot ? (
						<Form method="post">
							<input type="hidden" name="intent" value="remove-bot" />
							<button type="submit" className="button ghost" disabled={busy}>
								Disconnect the bot
							</button>
						</Form>
					) : null}
				</section>
			) : null}
		</div>
	)
}
