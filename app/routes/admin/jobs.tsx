import { useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { ConsoleTable } from '~/components/admin/console-table'
import { RowAction } from '~/components/admin/row-action'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { listFailedJobs } from '~/domain/jobs/list-failed-jobs.server'
import { retryJob } from '~/domain/jobs/retry-job.server'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notUnderstood, staffActionResult } from '~/http/refusal.server'
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
				<ConsoleTable
					rows={jobs}
					rowKey={(j) => j.id}
					columns={[
						{ header: 'Kind', cell: (j) => j.kind },
						{ header: 'Details', cell: (j) => <code className="small">{JSON.stringify(j.payload)}</code> },
						{ header: 'Attempts', cell: (j) => `${j.attempts} of ${j.maxAttempts}` },
						{ header: 'Last error', className: 'error-text', cell: (j) => j.lastError ?? <span className="muted">—</span> },
						{ header: 'Created', cell: (j) => <AdminTime date={j.createdAt} /> },
						{ header: 'Failed', cell: (j) => <AdminTime date={j.updatedAt} /> },
						{
							header: 'Actions',
							srOnlyHeader: true,
							cell: (j) => <RowAction fields={{ jobId: j.id }} label="Retry" ariaLabel={`Retry job ${j.id} (${j.kind})`} busy={busy} />,
						},
					]}
				/>
			) : null}
		</div>
	)
}
