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
						<Link to={step.fix.href}>{step.fix.label}</Link>
					</li>
				))}
			</ul>
		</details>
	)
}
