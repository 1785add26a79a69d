import { z } from 'zod'
import { nextPakistanHour, pakistanHour } from '../../utils/pakistan-time'
import { ALERT_EVENTS, OWNER_DEFAULT_EVENTS, type AlertEvent } from './alert-events'

export interface AlertSettings {
	events: AlertEvent[]
	byEmail: boolean
	byTelegram: boolean
	quietStart: number | null
	quietEnd: number | null
	summaryHour: number | null
}

/** What a staff member who has never saved their alerts sees pre-ticked: nothing is sent until they save. */
export const SUGGESTED_ALERTS: AlertSettings = { events: [...ALERT_EVENTS], byEmail: true, byTelegram: false, quietStart: null, quietEnd: null, summaryHour: null }

/** What the owner receives until they save their alerts (ADR-047): the events that wait for a person, by email. */
export const OWNER_DEFAULT_ALERTS: AlertSettings = { events: [...OWNER_DEFAULT_EVENTS], byEmail: true, byTelegram: false, quietStart: null, quietEnd: null, summaryHour: null }

const hour = z
	.union([z.literal(''), z.coerce.number().int('Choose an hour from the list.').min(0, 'Choose an hour from the list.').max(23, 'Choose an hour from the list.')])
	.optional()
	.transform((v) => (v === '' || v === undefined ? null : v))

/** The alerts form: ticked events and channels, quiet hours (both or neither) and the summary hour. */
export const alertSettingsInput = z
	.object({
		events: z
			.union([z.string(), z.array(z.string())])
			.optional()
			.transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
			.pipe(z.array(z.enum(ALERT_EVENTS, { message: 'Choose events from the list.' })).max(ALERT_EVENTS.length)),
		byEmail: z.literal('true').optional().transform((v) => v === 'true'),
		byTelegram: z.literal('true').optional().transform((v) => v === 'true'),
		quietStart: hour,
		quietEnd: hour,
		summaryHour: hour,
	})
	.superRefine((v, ctx) => {
		if ((v.quietStart === null) !== (v.quietEnd === null)) {
			ctx.addIssue({ code: 'custom', path: [v.quietStart === null ? 'quietStart' : 'quietEnd'], message: 'Choose both the start and the end of your quiet hours, or neither.' })
		} else if (v.quietStart !== null && v.quietStart === v.quietEnd) {
			ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'Quiet hours must end at a different hour than they start.' })
		}
	})
	.transform((v): AlertSettings => ({ ...v, events: [...new Set(v.events)] }))

/** Whether Pakistan's clock is inside the quiet hours [start, end) at this instant (they may run past midnight). */
export function isQuiet(now: Date, start: number | null, end: number | null): boolean {
	if (start === null || end === null || start === end) return false
	const h = pakistanHour(now)
	return start < end ? h >= start && h < end : h >= start || h < end
}

/** When an alert raised now may go out: now, or at the end of the member's quiet hours. */
export function sendAfter(now: Date, start: number | null, end: number | null): Date {
	return isQuiet(now, start, end) ? nextPakistanHour(now, end!) : now
}

/** '22:00'. */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`

const hourChoice = z.union([z.literal(''), z.enum(Array.from({ length: 24 }, (_, h) => String(h)) as [string, ...string[]], { message: 'Choose an hour from the list.' })]).optional()

/** The console form's own fields as the browser sends them (events are boxes named `event-<name>`), checked by conform before sending. */
export const alertFormInput = z.object({
	quietStart: hourChoice,
	quietEnd: hourChoice,
	summaryHour: hourChoice,
})

/** The form's boxes and hours as `alertSettingsInput` reads them. */
export function alertSettingsFromForm(form: Record<string, string>) {
	return {
		events: ALERT_EVENTS.filter((e) => form[`event-${e}`] === 'on'),
		byEmail: form.byEmail === 'true' ? 'true' : undefined,
		byTelegram: form.byTelegram === 'true' ? 'true' : undefined,
		quietStart: form.quietStart ?? '',
		quietEnd: form.quietEnd ?? '',
		summaryHour: form.summaryHour ?? '',
	}
}
