import { Fragment } from 'react'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { Action, Facts, Layout, P, renderEmail, Small, Title, type EmailShell } from './email-layout.server'

type Shell = Omit<EmailShell, 'preview'>

/** An order number never breaks at its hyphens, and reads left to right inside Urdu. */
const No = ({ n }: { n: string }) => (
	<span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
		{n}
	</span>
)

/** A sentence with the order number in it, the number kept whole (`No`). */
function WithNo({ text, n }: { text: string; n: string }) {
	const parts = text.split(n)
	return (
		<>
			{parts.map((part, i) => (
				<Fragment key={i}>
					{i > 0 ? <No n={n} /> : null}
					{part}
				</Fragment>
			))}
		</>
	)
}

export function orderPaidHtml(d: Shell & { name: string; orderNumber: string; productName: string; amount: string | null; discount?: string | null; trackingUrl: string; delivered: boolean }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: d.delivered ? t('email.paid.previewDelivered', { orderNumber: d.orderNumber }) : t('email.paid.preview', { orderNumber: d.orderNumber }) }}>
			<Title>{d.delivered ? t('email.paid.titleDelivered') : t('email.paid.title')}</Title>
			<P>{t('email.hi', { name: d.name })}</P>
			<P>
				<WithNo text={t('email.paid.receivedHtml', { orderNumber: d.orderNumber })} n={d.orderNumber} />
			</P>
			<Facts
				rows={[
					[t('email.fact.order'), d.orderNumber],
					[t('email.fact.product'), d.productName],
					...(d.discount ? [[t('email.fact.discount'), `−${d.discount}`] as [string, string]] : []),
					...(d.amount ? [[t('email.fact.paid'), d.amount] as [string, string]] : []),
				]}
			/>
			<P>{d.delivered ? t('email.paid.delivered') : t('email.paid.preparing')}</P>
			<Action href={d.trackingUrl} label={d.delivered ? t('email.openOrder') : t('email.paid.trackAction')} />
			<Small>{t('email.thanks', { store: d.storeName })}</Small>
		</Layout>,
	)
}

export function orderDeliveredHtml(d: Shell & { name: string; orderNumber: string; trackingUrl: string }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: t('email.delivered.preview', { orderNumber: d.orderNumber }) }}>
			<Title>{t('email.delivered.title')}</Title>
			<P>{t('email.hi', { name: d.name })}</P>
			<P>
				<WithNo text={`${t('email.delivered.done', { orderNumber: d.orderNumber })} ${t('email.delivered.waiting')}`} n={d.orderNumber} />
			</P>
			<Action href={d.trackingUrl} label={t('email.openOrder')} />
			<Small>{t('email.thanks', { store: d.storeName })}</Small>
		</Layout>,
	)
}

export function subscriptionReminderHtml(d: Shell & { name: string; orderNumber: string; productName: string; when: string; ended: boolean; trackingUrl: string; unsubscribeUrl: string }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: t('email.subscription.preview', { product: d.productName, when: d.when }) }}>
			<Title>{d.ended ? t('email.subscription.titleEnded') : t('email.subscription.titleSoon')}</Title>
			<P>{t('email.hi', { name: d.name })}</P>
			<P>
				<WithNo text={t('email.subscription.line', { product: d.productName, orderNumber: d.orderNumber, when: d.when })} n={d.orderNumber} />
			</P>
			<P>{d.ended ? t('email.subscription.endedText') : t('email.subscription.soonText')}</P>
			<Action href={d.trackingUrl} label={t('email.openOrder')} />
		</Layout>,
	)
}

export function renewalReminderHtml(d: Shell & { name: string; orderNumber: string; productName: string; option: string; headline: string; ended: boolean; endsOn: string; renewUrl: string; orderUrl: string; unsubscribeUrl: string }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: d.headline }}>
			<Title>{d.ended ? t('email.renewal.titleToday', { product: d.productName }) : t('email.renewal.titleSoon', { product: d.productName })}</Title>
			<P>{t('email.hi', { name: d.name })}</P>
			<P>{d.headline}</P>
			<Facts
				rows={[
					[t('email.fact.order'), d.orderNumber],
					[t('email.fact.product'), d.productName],
					...(d.option ? [[t('email.fact.option'), d.option] as [string, string]] : []),
					[t('email.fact.endsOn'), d.endsOn],
				]}
			/>
			<P>{d.ended ? t('email.renewal.nowText') : t('email.renewal.soonText')}</P>
			<Action href={d.renewUrl} label={t('email.renewal.action')} />
			<Small>
				{t('email.yourOrder')}{' '}
				<a href={d.orderUrl} style={{ color: '#16a34a' }} dir="ltr">
					{d.orderNumber}
				</a>
			</Small>
		</Layout>,
	)
}

/** A reminder to pay an order left unpaid: what is owed, the one button that pays (or uploads the receipt), the other way to pay. */
export function paymentReminderHtml(d: Shell & { name: string; orderNumber: string; total: string; text: string; switchText: string; action: string; orderUrl: string; unsubscribeUrl: string }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: t('email.paymentReminder.subject', { orderNumber: d.orderNumber }) }}>
			<Title>{t('email.paymentReminder.title')}</Title>
			<P>{t('email.hi', { name: d.name })}</P>
			<P>{d.text}</P>
			<Facts
				rows={[
					[t('email.fact.order'), d.orderNumber],
					[t('email.placed.toPay'), d.total],
				]}
			/>
			<Action href={d.orderUrl} label={d.action} />
			<P>{d.switchText}</P>
			<Small>{t('email.paymentReminder.paidAlready')}</Small>
		</Layout>,
	)
}

export function signInHtml(d: Shell & { intro: string; link: string; code: string; minutes: number }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: t('email.signIn.preview', { store: d.storeName }) }}>
			<Title>{t('email.signIn.title')}</Title>
			<P>{t('email.hiPlain')}</P>
			<P>{d.intro}</P>
			<Section style={{ backgroundColor: '#f4f7fa', borderRadius: '10px', padding: '14px 16px', margin: '8px 0 4px', textAlign: 'center' as const }}>
				<Text style={{ margin: 0, fontSize: '13px', color: '#5b6573' }}>{t('email.signIn.typeCode')}</Text>
				<Text dir="ltr" style={{ margin: '6px 0 0', fontSize: '32px', lineHeight: '1.2', fontWeight: 800, letterSpacing: '6px', color: '#0b0f14', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', userSelect: 'all' as const }}>{d.code}</Text>
			</Section>
			<P>{t('email.signIn.orButton')}</P>
			<Action href={d.link} label={t('email.signIn.action')} />
			<Small>{t('email.signIn.once', { minutes: d.minutes })}</Small>
		</Layout>,
	)
}

export function orderPlacedHtml(d: Shell & { name: string; orderNumber: string; total: string; discount?: string | null; accounts: { label: string; lines: string[] }[]; orderUrl: string }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: t('email.placed.preview', { orderNumber: d.orderNumber, total: d.total }) }}>
			<Title>{t('email.placed.title')}</Title>
			<P>{t('email.hi', { name: d.name })}</P>
			<P>
				<WithNo text={t('email.placed.sendHtml', { orderNumber: d.orderNumber, total: d.total })} n={d.orderNumber} />
			</P>
			<Facts
				rows={[
					[t('email.fact.order'), d.orderNumber],
					...(d.discount ? [[t('email.fact.discount'), `−${d.discount}`] as [string, string]] : []),
					[t('email.placed.toPay'), d.total],
					[t('email.placed.paymentReference'), d.orderNumber],
				]}
			/>
			{d.accounts.map((a) => (
				<Section key={a.label} style={{ border: '1px solid #e2e8f0', borderRadius: '10px', padding: '10px 14px', margin: '0 0 8px' }}>
					<Text style={{ margin: 0, fontWeight: 700, fontSize: '15px' }}>{a.label}</Text>
					{a.lines.map((l) => (
						<Text key={l} style={{ margin: '2px 0 0', fontSize: '15px' }}>
							{l}
						</Text>
					))}
				</Section>
			))}
			<Action href={d.orderUrl} label={t('email.placed.action')} />
			<Small>{t('email.placed.keeps')}</Small>
		</Layout>,
	)
}

/** A change to the order the buyer should know of (cancelled, refunded, a payment after a cancel): a title, a few paragraphs, the order link. */
export function orderNoticeHtml(d: Shell & { title: string; paragraphs: string[]; facts?: [string, string][]; trackingUrl: string }) {
	const { t } = d
	return renderEmail(
		<Layout shell={{ ...d, preview: d.title }}>
			<Title>{d.title}</Title>
			{d.paragraphs.map((p, i) => (
				<P key={i}>{p}</P>
			))}
			{d.facts?.length ? <Facts rows={d.facts} /> : null}
			<Action href={d.trackingUrl} label={t('email.openOrder')} />
			<Small>{t('email.thanks', { store: d.storeName })}</Small>
		</Layout>,
	)
}
