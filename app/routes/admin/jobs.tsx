import { Form, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { listFailedJobs } from '~/domain/jobs/list-failed-jobs.server'
import { retryJob } from '~/domain/jobs/retry-job.server'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notUnderstood, staffActionResult } from '~/utils/staff-action.server'
import { idSchema } from '~/utils/input'
import { readPageForm } from '~/http/http.server'
import type { Route } from './+types/jobs'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Failed jobs', description: 'Background work that used up its attempts.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { jobs: await listFailedJobs(db()) }
}

const retryInput = z.object({ jobId: idSchema() })

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	const parsed = retryInput.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	return staffActionResult(async () => {
		await retryJob(db(), staffActor(staff), parsed.data.jobId)
		return 'The job will run again in a moment.'
	})
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
	const { jobs } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="staff-jobs">
			<h1>Failed jobs</h1>
			<p className="muted">{jobs.length === 0 ? 'No failed jobs.' : `${jobs.length} jobs used up their attempts; most recent first.`}</p>
			<ActionResult result={result} />
			{jobs.length > 0 ? (
				<div className="table-scroll">
					<table className="stacked-table">
						<thead>
							<tr>
								<th scope="col">Kind</th>
								<th scope="col">Details</th>
								<th scope="col">Attempts</th>
								<th scope="col">Last error</th>
								<th scope="col">Created</th>
								<th scope="col">Failed</th>
								<th scope="col">
									<span className="sr-only">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{jobs.map((j) => (
								<tr key={j.id}>
									<td data-label="Kind">{j.kind}</td>
									<td data-label="Details">
										<code className="small">{JSON.stringify(j.payload)}</code>
									</td>
									<td data-label="Attempts">
										{j.attempts} of {j.maxAttempts}
									</td>
									<td data-label="Last error" className="error-text">{j.lastError ?? <span className="muted">—</span>}</td>
									<td data-label="Created">
										<AdminTime date={j.createdAt} />
									</td>
									<td data-label="Failed">
										<AdminTime date={j.updatedAt} />
									</td>
									<td>
										<Form method="post">
											<input type="hidden" name="jobId" value={j.id} />
											<button type="submit" className="button ghost small" disabled={busy} aria-label={`Retry job ${j.id} (${j.kind})`}>
												Retry
											</button>
										</Form>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : null}
		</div>
	)
}
