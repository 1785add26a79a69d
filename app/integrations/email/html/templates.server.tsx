import { Section, Text } from '@react-email/components'
import { Action, Facts, Layout, P, renderEmail, Small, Title, type EmailShell } from './email-layout.server'

type Shell = Omit<EmailShell, 'preview'>

/** An order number never breaks at its hyphens. */
const No = ({ n }: { n: string }) => <span style={{ whiteSpace: 'nowrap' }}>{n}</span>

export function orderPaidHtml(d: Shell & { name: string; orderNumber: string; productName: string; amount: string | null; discount?: string | null; trackingUrl: string; delivered: boolean }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: d.delivered ? `Order ${d.orderNumber} is paid and delivered` : `Payment received for order ${d.orderNumber}` }}>
			<Title>{d.delivered ? 'Paid and delivered' : 'Payment received'}</Title>
			<P>Hi {d.name},</P>
			<P>We have received your payment for order <No n={d.orderNumber} />.</P>
			<Facts rows={[['Order', d.orderNumber], ['Product', d.productName], ...(d.discount ? [['Discount', `−${d.discount}`] as [string, string]] : []), ...(d.amount ? [['Paid', d.amount] as [string, string]] : [])]} />
			<P>
				{d.delivered
					? 'It is delivered already: your codes or account details are waiting on your order page. Keep them private.'
					: 'We are preparing it now; most orders are delivered within a few hours.'}
			</P>
			<Action href={d.trackingUrl} label={d.delivered ? 'Open your order' : 'Track your order'} />
			<Small>Thank you for shopping with {d.storeName}.</Small>
		</Layout>,
	)
}

export function orderDeliveredHtml(d: Shell & { name: string; orderNumber: string; trackingUrl: string }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: `Order ${d.orderNumber} is delivered` }}>
			<Title>Your order is delivered</Title>
			<P>Hi {d.name},</P>
			<P>Your order <No n={d.orderNumber} /> has been delivered. Your codes or account details are waiting for you on your order page. Keep them private.</P>
			<Action href={d.trackingUrl} label="Open your order" />
			<Small>Thank you for shopping with {d.storeName}.</Small>
		</Layout>,
	)
}

export function subscriptionReminderHtml(d: Shell & { name: string; orderNumber: string; productName: string; when: string; ended: boolean; trackingUrl: string; unsubscribeUrl: string }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: `Your ${d.productName} subscription ${d.when}` }}>
			<Title>{d.ended ? 'Your subscription has ended' : 'Your subscription ends soon'}</Title>
			<P>Hi {d.name},</P>
			<P>Your {d.productName} subscription from order <No n={d.orderNumber} /> {d.when}.</P>
			<P>{d.ended ? 'To keep playing, message us to renew: we will set you up again quickly.' : 'To keep playing without a break, message us to renew before it ends.'}</P>
			<Action href={d.trackingUrl} label="Open your order" />
		</Layout>,
	)
}

export function renewalReminderHtml(d: Shell & { name: string; orderNumber: string; productName: string; option: string; headline: string; ended: boolean; endsOn: string; renewUrl: string; orderUrl: string; unsubscribeUrl: string }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: d.headline }}>
			<Title>{d.ended ? `${d.productName} ends today` : `${d.productName} ends soon`}</Title>
			<P>Hi {d.name},</P>
			<P>{d.headline}</P>
			<Facts rows={[['Order', d.orderNumber], ['Product', d.productName], ...(d.option ? [['Option', d.option] as [string, string]] : []), ['Ends on', d.endsOn]]} />
			<P>{d.ended ? 'Renew now to keep playing: it takes a minute, at today’s price.' : 'Renew before it ends to keep playing without a break, at today’s price.'}</P>
			<Action href={d.renewUrl} label="Renew now" />
			<Small>
				Your order: <a href={d.orderUrl} style={{ color: '#16a34a' }}>{d.orderNumber}</a>
			</Small>
		</Layout>,
	)
}

export function signInHtml(d: Shell & { intro: string; link: string; code: string; minutes: number }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: `Your sign-in code for ${d.storeName}` }}>
			<Title>Your sign-in code</Title>
			<P>Hi,</P>
			<P>{d.intro}</P>
			<Section style={{ backgroundColor: '#f4f7fa', borderRadius: '10px', padding: '14px 16px', margin: '8px 0 4px', textAlign: 'center' as const }}>
				<Text style={{ margin: 0, fontSize: '13px', color: '#5b6573' }}>Type this code on the page</Text>
				<Text style={{ margin: '6px 0 0', fontSize: '32px', lineHeight: '1.2', fontWeight: 800, letterSpacing: '6px', color: '#0b0f14', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', userSelect: 'all' as const }}>{d.code}</Text>
			</Section>
			<P>Or open them with this button:</P>
			<Action href={d.link} label="Open my orders" />
			<Small>The link and the code work once, for {d.minutes} minutes. If it was not you, ignore this email: nothing is shown without them.</Small>
		</Layout>,
	)
}

export function orderPlacedHtml(d: Shell & { name: string; orderNumber: string; total: string; discount?: string | null; accounts: { label: string; lines: string[] }[]; orderUrl: string }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: `Order ${d.orderNumber}: pay ${d.total} by transfer` }}>
			<Title>Order placed</Title>
			<P>Hi {d.name},</P>
			<P>Thank you for your order <No n={d.orderNumber} />. Send {d.total} to one of these accounts, then upload your receipt on your order page.</P>
			<Facts rows={[['Order', d.orderNumber], ...(d.discount ? [['Discount', `−${d.discount}`] as [string, string]] : []), ['To pay', d.total], ['Payment reference', d.orderNumber]]} />
			{d.accounts.map((a) => (
				<Section key={a.label} style={{ border: '1px solid #e2e8f0', borderRadius: '10px', padding: '10px 14px', margin: '0 0 8px' }}>
					<Text style={{ margin: 0, fontWeight: 700, fontSize: '15px' }}>{a.label}</Text>
					{a.lines.map((l) => <Text key={l} style={{ margin: '2px 0 0', fontSize: '15px' }}>{l}</Text>)}
				</Section>
			))}
			<Action href={d.orderUrl} label="Upload your receipt" />
			<Small>Your order page keeps these accounts and the receipt upload: open it from this link whenever you have paid. We deliver once the payment is confirmed.</Small>
		</Layout>,
	)
}

/** A change to the order the buyer should know of (cancelled, refunded, a payment after a cancel): a title, a few paragraphs, the order link. */
export function orderNoticeHtml(d: Shell & { title: string; paragraphs: string[]; facts?: [string, string][]; trackingUrl: string }) {
	return renderEmail(
		<Layout shell={{ ...d, preview: d.title }}>
			<Title>{d.title}</Title>
			{d.paragraphs.map((p, i) => (
				<P key={i}>{p}</P>
			))}
			{d.facts?.length ? <Facts rows={d.facts} /> : null}
			<Action href={d.trackingUrl} label="Open your order" />
			<Small>Thank you for shopping with {d.storeName}.</Small>
		</Layout>,
	)
}
