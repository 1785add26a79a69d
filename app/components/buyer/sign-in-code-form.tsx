import { useLocalePath, useT } from '~/i18n/use-t'
import { useFetcher } from 'react-router'
import { ErrorAlert } from '~/components/ui/error-alert'
import { VERIFY_PATH } from '~/domain/buyers/next-path'

/**
 * The 6-digit code from the email, with the address it was sent to. Posts to the verify page: a
 * right code goes on to `next` signed in; a wrong one is said here, where it was typed (without
 * scripts, on the verify page).
 */
export function SignInCodeForm({ email, next }: { email: string; next: string; busy?: boolean }) {
	const fetcher = useFetcher<{ error?: string }>()
	const lp = useLocalePath()
	const busy = fetcher.state !== 'idle'
	return (
		<fetcher.Form method="post" action={lp(VERIFY_PATH)} className="buyer-code-form">
			<SignInCodeFields email={email} next={next} error={fetcher.data?.error} busy={busy} />
		</fetcher.Form>
	)
}

/**
 * The code form's fields, for a part the server draws (the order page): a plain form posting to the
 * verify page, which the page's script sends without leaving the page (`data-enhance`).
 */
export function SignInCodeStaticForm({ email, next }: { email: string; next: string }) {
	const lp = useLocalePath()
	return (
		<form method="post" action={lp(VERIFY_PATH)} className="buyer-code-form" data-enhance="sign-in-code">
			<SignInCodeFields email={email} next={next} error={null} busy={false} />
		</form>
	)
}

function SignInCodeFields({ email, next, error, busy }: { email: string; next: string; error: string | null | undefined; busy: boolean }) {
	const t = useT()
	return (
		<>
			<ErrorAlert message={error} />
			<input type="hidden" name="next" value={next} />
			<div className="field">
				<label htmlFor="buyer-code-email">{t('order.field.email')}</label>
				<input id="buyer-code-email" name="email" type="email" inputMode="email" autoComplete="email" required maxLength={200} defaultValue={email} />
			</div>
			<div className="field">
				<label htmlFor="buyer-code">{t('order.field.code')}</label>
				<input
					id="buyer-code"
					name="code"
					inputMode="numeric"
					autoComplete="one-time-code"
					// Typed on any keyboard: Urdu and Arabic-Indic digits too (the server reads them through digits.ts).
					pattern="[0-9\u06F0-\u06F9\u0660-\u0669 ]{6,7}"
					maxLength={7}
					required
					aria-describedby="buyer-code-help"
				/>
				<p id="buyer-code-help" className="muted small">
					{t('order.signIn.code')}
				</p>
			</div>
			<button type="submit" className="button primary" disabled={busy} data-busy-label={t('order.code.checking')}>
				{busy ? t('order.code.checking') : t('order.code.open')}
			</button>
		</>
	)
}
