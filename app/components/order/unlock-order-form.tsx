import { useLocalePath, useT } from '~/i18n/use-t'
import { BuyerEmailField } from '~/components/buyer/buyer-email-field'
import { SignInCodeStaticForm } from '~/components/buyer/sign-in-code-form'
import { orderPagePath } from '~/domain/buyers/next-path'

/**
 * Product decision 3: a buyer without the order's cookie or link proves who they are with a one-time link or
 * code sent to the order's address; typing the address unlocks nothing by itself. The server draws it
 * (`sentTo`: the address of a code asked for, from the page's `signIn=sent&email=`); without scripts the
 * form posts and the server sends the page back here with `signIn=sent`, and with them the page's
 * script sends it and goes to that same address (`order-forms.ts`), so a reload still shows the code box.
 */
export function UnlockOrderForm({ orderNumber, sentTo }: { orderNumber: string; sentTo: string | null }) {
	const t = useT()
	// The other state in a `<template>`: with scripts the page swaps them at once (`swapUnlockForms`).
	return (
		<section className="order-card" aria-labelledby="order-unlock-title">
			<h2 id="order-unlock-title">{t('order.unlock.title')}</h2>
			{sentTo !== null ? (
				<>
					<CodeSent orderNumber={orderNumber} email={sentTo} />
					<template>
						<EmailForm orderNumber={orderNumber} />
					</template>
				</>
			) : (
				<>
					<EmailForm orderNumber={orderNumber} />
					<template>
						<CodeSent orderNumber={orderNumber} email="" />
					</template>
				</>
			)}
		</section>
	)
}

function CodeSent({ orderNumber, email }: { orderNumber: string; email: string }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<>
			<p role="status">{t('order.signIn.sent')}</p>
			<p className="muted small">{t('order.unlock.openOrType')}</p>
			<SignInCodeStaticForm email={email} next={lp(orderPagePath(orderNumber))} />
			{/* Without scripts a link to the page without `signIn`; with them the email form takes the code's place at once. */}
			<a href={lp(orderPagePath(orderNumber))} className="button ghost small" data-unlock-again="">
				{t('order.unlock.another')}
			</a>
		</>
	)
}

function EmailForm({ orderNumber }: { orderNumber: string }) {
	const t = useT()
	return (
		<>
			<p className="muted">{t('order.unlock.privacy')}</p>
			<form method="post" action="/api/order/unlock" className="order-unlock" data-enhance="unlock" noValidate>
				<input type="hidden" name="orderNumber" value={orderNumber} />
				<BuyerEmailField id="order-unlock-email" defaultValue="" invalid={false} />
				<button type="submit" className="button primary" data-busy-label={t('order.unlock.sending')}>
					{t('order.unlock.send')}
				</button>
			</form>
		</>
	)
}
