import { db } from '~/db/client.server'
import { orderEvidence } from '~/domain/orders/order-evidence.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { orderEvidenceContract } from '~/http/admin-contracts/orders'
import { evidencePdf } from '~/http/evidence-pdf.server'

// GET /api/admin/orders/{orderNumber}/evidence (JSON; ?format=pdf for the PDF)
const route = adminRoute(
	adminEndpoint(orderEvidenceContract, async ({ actor, params, query }) => {
		const evidence = await orderEvidence(db(), actor, params.orderNumber)
		if (query.format !== 'pdf') return evidence
		const pdf = await evidencePdf(evidence, (await readStoreDetails(db())).storeName)
		return new Response(new Uint8Array(pdf), {
			headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="order-${evidence.orderNumber.replace(/[^\w-]/g, '')}-evidence.pdf"` },
		})
	}),
)

export const loader = route.loader
export const action = route.action
