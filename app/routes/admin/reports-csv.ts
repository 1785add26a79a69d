import { db } from '~/db/client.server'
import { readReportRange } from '~/domain/reports/report-range'
import { REPORT_PARTS, reportTable, type ReportPart } from '~/domain/reports/report-tables'
import { salesReport } from '~/domain/reports/sales-report.server'
import { requireAdminActor } from '~/http/admin-api.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/reports-csv'

// /admin/reports.csv?from=…&to=…&by=…&part=series: one of the report page's tables as CSV, the rows it shows.

/** Quoted always; a cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe, negative numbers excepted. */
function csvCell(value: string | number | null): string {
	let text = value == null ? '' : String(value)
	if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return `"${text.replace(/"/g, '""')}"`
}

export async function loader({ request }: Route.LoaderArgs) {
	const { actor } = await requireAdminActor(request, { permission: 'reports', scope: 'reports' })
	const params = new URL(request.url).searchParams
	const part = params.get('part') ?? 'series'
	const read = readReportRange({ range: params.get('range'), from: params.get('from'), to: params.get('to'), by: params.get('by') })
	const refusal = !read.ok ? read.message : !(REPORT_PARTS as readonly string[]).includes(part) ? `“${part.slice(0, 20)}” is not a part of the report: use ${REPORT_PARTS.join(', ')}.` : null
	if (refusal || !read.ok) return new Response(refusal, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
	const table = reportTable(await salesReport(db(), actor, read.range), part as ReportPart)
	const body = '\uFEFF' + [table.headers, ...table.rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Cache-Control': 'no-store',
			'Content-Disposition': `attachment; filename="report-${part}-${read.range.from}-to-${read.range.to}.csv"`,
		},
	})
}

export const action = onlyMethods('GET')
