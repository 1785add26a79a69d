import { db } from '~/db/client.server'
import { readReportRange } from '~/domain/reports/report-range'
import { salesReport } from '~/domain/reports/sales-report.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { salesReportContract } from '~/http/admin-contracts/reports'
import { AppError } from '~/utils/app-error'

// GET /api/admin/reports/sales: the sales report (/admin/reports) as JSON.
const route = adminRoute(
	adminEndpoint(salesReportContract, async ({ actor, query }) => {
		const read = readReportRange(query)
		if (!read.ok) throw new AppError('BAD_REQUEST', read.message)
		return salesReport(db(), actor, read.range)
	}),
)

export const loader = route.loader
export const action = route.action
