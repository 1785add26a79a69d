import { claimPagePath, type UnitClaimView } from '~/domain/claims/claim-rules'
import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { formatPakistanDay } from '~/utils/pakistan-time'

/**
 * Beside the delivered codes (ADR-052): each unit the buyer has seen, named by its last characters,
 * with "This code doesn't work" (a link to its claim page, a plain form) or its claim's state. Drawn by
 * the server with the order page's parts: no script of its own.
 */
export function UnitClaims({ orderNumber, units, sent }: { orderNumber: string; units: UnitClaimView[]; sent: boolean }) {
	const t = useT()
	const lp = useLocalePath()
	const lang = useLang()
	const shown = units.filter((u) => u.claimable || u.claim)
	if (!shown.length) return null
	return (
		<>
			{sent ? (
				<p className="success-box" role="status">
					{t('claims.sent')}
				</p>
			) : null}
			<ul className="unit-claims" data-testid="unit-claims">
				{shown.map((u) => (
					<li key={u.unitId} data-unit={u.unitId}>
						<bdi className="unit-claims-name" dir="ltr">
							{u.masked}
						</bdi>{' '}
						{u.claim ? (
							<span className={`unit-claims-state ${u.claim.status === 'open' ? '' : `claim-${u.claim.answer}`}`} data-testid="claim-state">
								{u.claim.status === 'open'
									? t('claims.state.open', { date: formatPakistanDay(u.claim.createdAt, lang) })
									: u.claim.answer === 'refuse'
										? t('claims.state.refuse', { reason: u.claim.reason ?? '' })
										: t(u.claim.answer === 'refund' ? 'claims.state.refund' : 'claims.state.replace')}
							</span>
						) : (
							<a href={lp(claimPagePath(orderNumber, u.unitId))} className="unit-claims-link">
								{t(u.kind === 'account' ? 'claims.link.account' : 'claims.link.code')}
							</a>
						)}
					</li>
				))}
			</ul>
		</>
	)
}
