import { Link } from 'react-router'
import type { SetupStep } from '~/domain/settings/setup-checklist'

/** The owner's list of what is still sample data, each with its fix; nothing once all is done. */
export function SetupChecklist({ steps }: { steps: SetupStep[] | null }) {
	if (!steps?.length) return null
	return (
		<details className="setup-checklist" open>
			<summary>
				<h2 id="setup-heading">
					Finish setting up the shop: {steps.length} {steps.length === 1 ? 'thing is' : 'things are'} still sample data
				</h2>
			</summary>
			<ul aria-labelledby="setup-heading">
				{steps.map((step) => (
					<li key={step.id}>
						<p>{step.what}</p>
						{'href' in step.fix ? <Link to={step.fix.href}>{step.fix.label}</Link> : <EnvFix names={step.fix.env} note={step.fix.note} />}
					</li>
				))}
			</ul>
		</details>
	)
}

/** Set `A`, `B` and `C` (what they take) in the server’s environment, then restart it. */
function EnvFix({ names, note }: { names: string[]; note: string }) {
	return (
		<p className="muted small">
			Set{' '}
			{names.map((name, i) => (
				<span key={name}>
					{i > 0 ? (i === names.length - 1 ? ' and ' : ', ') : null}
					<code>{name}</code>
				</span>
			))}{' '}
			({note}) in the server’s environment, then restart it.
		</p>
	)
}
