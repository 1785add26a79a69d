import { Form } from 'react-router'
import { BUYER_SIGN_IN_CODE_HELP, VERIFY_PATH } from '~/domain/buyers/next-path'

/** The 6-digit code from the email, with the address it was sent to. */
export function SignInCodeForm({ email, next, busy }: { email: string; next: string; busy: boolean }) {
	return (
		<Form method="post" action={VERIFY_PATH} className="buyer-code-form" replace>
			<input type="hidden" name="next" value={next} />
			<div className="field">
				<label htmlFor="buyer-code-email">Email address</label>
				<input id="buyer-code-email" name="email" type="email" inputMode="email" autoComplete="email" required maxLength={200} defaultValue={email} />
			</div>
			<div className="field">
				<label htmlFor="buyer-code">6-digit code</label>
				<input
					id="buyer-code"
					name="code"
					inputMode="numeric"
					autoComplete="one-time-code"
					pattern="[0-9 ]{6,7}"
					maxLength={7}
					required
					aria-describedby="buyer-code-help"
				/>
				<p id="buyer-code-help" className="muted small">
					{BUYER_SIGN_IN_CODE_HELP}
				</p>
			</div>
			<button type="submit" className="button primary" disabled={busy}>
				{busy ? 'Checking…' : 'Open my orders'}
			</button>
		</Form>
	)
}
