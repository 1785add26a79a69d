// React Email's parts from their own packages: its `components` bundle also loads a code highlighter,
// Markdown and Tailwind, which no email here uses (half a second of every server's start).
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Translate } from '../../../i18n/catalogue'
import { DIRECTION, type Lang } from '../../../i18n/lang'

// The shop's colours (app/styles/app.css): a dark navy header with the green accent, a light card
// body so the email reads well in every mail app, light or dark.
const navy = '#0b0f14'
const accent = '#22c55e'
const accentText = '#04130a'
const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

export interface EmailShell {
	storeName: string
	shopUrl: string
	/** A short line mail apps show next to the subject. */
	preview: string
	unsubscribeUrl?: string | null
	/** Why the buyer gets it, shown small in the footer. */
	footerNote?: string
	/** The buyer's language (the order's): the email's words, lang and direction follow it. */
	lang: Lang
	t: Translate
}

const s = {
	body: { backgroundColor: '#eef2f6', margin: 0, padding: '16px 0', fontFamily: font },
	container: { maxWidth: '560px', width: '100%', margin: '0 auto', backgroundColor: '#ffffff', borderRadius: '12px', overflow: 'hidden' as const },
	header: { backgroundColor: navy, padding: '18px 24px' },
	brand: { color: '#eef2f6', fontSize: '20px', fontWeight: 800, margin: 0, textDecoration: 'none' },
	mark: { color: accent },
	content: { padding: '24px', color: '#1c242f', fontSize: '16px', lineHeight: '1.55' },
	footer: { padding: '0 24px 24px', color: '#5b6573', fontSize: '13px', lineHeight: '1.5' },
}

export function Layout({ shell, children }: { shell: EmailShell; children: ReactNode }) {
	const { t } = shell
	const at = t('email.footer.questions').indexOf('{link}')
	const [before, after] = [t('email.footer.questions').slice(0, at), t('email.footer.questions').slice(at + '{link}'.length)]
	return (
		<Html lang={shell.lang} dir={DIRECTION[shell.lang]}>
			<Head>
				<meta name="color-scheme" content="light" />
			</Head>
			<Preview>{shell.preview}</Preview>
			<Body style={shell.lang === 'ur' ? { ...s.body, direction: 'rtl' as const, textAlign: 'right' as const } : s.body}>
				<Container style={s.container}>
					<Section style={s.header}>
						<Link href={shell.shopUrl} style={s.brand}>
							<span style={s.mark}>■</span> {shell.storeName}
						</Link>
					</Section>
					<Section style={s.content}>{children}</Section>
					<Section style={s.footer}>
						<Hr style={{ borderColor: '#e2e8f0', margin: '0 0 16px' }} />
						<Text style={{ margin: '0 0 6px', fontSize: '13px' }}>
							{shell.storeName} · <Link href={shell.shopUrl} style={{ color: '#16a34a' }}>{shell.shopUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}</Link>
						</Text>
						<Text style={{ margin: 0, fontSize: '13px' }}>
							{before}
							<Link href={new URL(shell.lang === 'ur' ? '/ur/contact' : '/contact', shell.shopUrl).toString()} style={{ color: '#16a34a' }}>
								{t('email.footer.contactPage')}
							</Link>
							{after}
						</Text>
						{shell.footerNote ? <Text style={{ margin: '6px 0 0', fontSize: '13px' }}>{shell.footerNote}</Text> : null}
						{shell.unsubscribeUrl ? (
							<Text style={{ margin: '6px 0 0', fontSize: '13px' }}>
								{t('email.footer.unsubscribeAsk')} <Link href={shell.unsubscribeUrl} style={{ color: '#5b6573', textDecoration: 'underline' }}>{t('email.footer.unsubscribe')}</Link>
							</Text>
						) : null}
					</Section>
				</Container>
			</Body>
		</Html>
	)
}

export const Title = ({ children }: { children: ReactNode }) => <Heading as="h1" style={{ fontSize: '22px', lineHeight: '1.3', margin: '0 0 12px', color: navy }}>{children}</Heading>
export const P = ({ children }: { children: ReactNode }) => <Text style={{ fontSize: '16px', lineHeight: '1.55', margin: '0 0 12px' }}>{children}</Text>
export const Small = ({ children }: { children: ReactNode }) => <Text style={{ fontSize: '13px', lineHeight: '1.5', margin: '12px 0 0', color: '#5b6573' }}>{children}</Text>

/** The email's one action: big enough to tap, with its address written out below for mail apps that strip buttons. */
export function Action({ href, label }: { href: string; label: string }) {
	return (
		<Section style={{ margin: '20px 0 8px' }}>
			<Button href={href} style={{ backgroundColor: accent, color: accentText, fontWeight: 700, fontSize: '16px', borderRadius: '10px', padding: '13px 22px', textDecoration: 'none', display: 'inline-block' }}>
				{label}
			</Button>
			<Text style={{ fontSize: '12px', lineHeight: '1.4', color: '#5b6573', margin: '10px 0 0', wordBreak: 'break-all' as const }}>
				<Link href={href} style={{ color: '#5b6573' }}>{href}</Link>
			</Text>
		</Section>
	)
}

/** Facts as label/value rows (order number, product, amount). */
export function Facts({ rows }: { rows: [string, string][] }) {
	return (
		<Section style={{ backgroundColor: '#f4f7fa', borderRadius: '10px', padding: '12px 16px', margin: '4px 0 12px' }}>
			{rows.map(([label, value]) => (
				<Text key={label} style={{ margin: '2px 0', fontSize: '15px', lineHeight: '1.5' }}>
					<span style={{ color: '#5b6573' }}>{label}: </span>
					<strong style={{ color: navy }}>{value}</strong>
				</Text>
			))}
		</Section>
	)
}

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/** Synchronous, so builders stay usable inside the transaction that queues them. */
export function renderEmail(node: ReactNode): string {
	return DOCTYPE + renderToStaticMarkup(node)
}
