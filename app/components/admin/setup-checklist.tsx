import { Link } from 'react-router'
import type { SetupStep } from '~/domain/settings/setup-checklist'

/** The owner's list of what is still sample data, each with its fix, then what is good to know; nothing once all is done. */
export function SetupChecklist({ steps }: { steps: SetupStep[] | null }) {
	const samples = steps?.filter((s) => !s.info) ?? []
	const notes = steps?.filter((s) => s.info) ?? []
	if (!samples.length && !notes.length) return null
	if (!samples.length) {
		return (
			<aside className="setup-notes" aria-label="Good to know">
				{notes.map((step) => (
					<Step key={step.id} step={step} />
				))}
			</aside>
		)
	}
	return (
		<details className="setup-checklist" open>
			<summary>
				<h2 id="setup-heading">
					Finish setting up the shop: {samples.length} {samples.length === 1 ? 'thing is' : 'things are'} still sample data
				</h2>
			</summary>
			<ul aria-labelledby="setup-heading">
				{samples.map((step) => (
					<li key={step.id}>
						<Step step={step} />
					</li>
				))}
			</ul>
			{notes.length ? (
				<div className="setup-notes">
					{notes.map((step) => (
						<Step key={step.id} step={step} />
					))}
				</div>
			) : null}
		</details>
	)
}

function Step({ step }: { step: SetupStep }) {
	return (
		<>
			<p>{step.what}</p>
			<Link to={step.fix.href}>{step.fix.label}</Link>
		</>
	)
}
