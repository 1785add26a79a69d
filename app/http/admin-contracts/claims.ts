import { z } from 'zod'
import { claimAnswerInput } from '../../domain/claims/claims.server'
import { CLAIM_ANSWERS } from '../../domain/claims/claim-rules'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

// Claims (ADR-052): the buyers' reports that a delivered unit does not work, and staff's answers.

const TAG = 'Claims'

const claim = z.object({
	id: z.number().int(),
	status: z.enum(['open', 'answered']),
	answer: z.enum(CLAIM_ANSWERS).nullable(),
	orderNumber: z.string(),
	productId: z.number().int().nullable(),
	product: z.string(),
	unit: z.object({ assignmentId: z.number().int().nullable().describe('The unit claimed (the order’s unit list); null: what staff typed by hand'), kind: z.enum(['code', 'account']).nullable(), masked: z.string().nullable() }),
	text: z.string().describe('What the buyer wrote'),
	screenshotUrl: z.string().nullable().describe('The buyer’s screenshot, for a staff session only'),
	waitingReason: z.string().nullable().describe('Why the automatic replacement did not answer it'),
	reason: z.string().nullable(),
	automatic: z.boolean(),
	answeredBy: z.string().nullable(),
	createdAt: z.string(),
	answeredAt: z.string().nullable(),
})

export const listClaimsContract = defineContract({
	method: 'GET',
	path: '/api/admin/claims',
	summary: 'Claims that a delivered unit does not work: open ones oldest first (the queue), or answered ones newest first; at most 100',
	tag: TAG,
	permission: 'staff',
	scope: 'stock',
	query: z.object({ status: z.enum(['open', 'answered'], { error: 'status must be open or answered.' }).default('open') }).strict(),
	response: z.object({ open: z.number().int().describe('Open claims in all'), claims: z.array(claim) }),
})

export const answerClaimContract = defineContract({
	method: 'POST',
	path: '/api/admin/claims/{id}/answer',
	summary:
		'Answer an open claim: replace (a unit of the same option from stock; the old one voided), refund (that unit’s price after its discount; needs the refunds grant) or refuse (the buyer reads the reason). The buyer is told (email, phones, the open page); audited. 409 when answered already or when stock has no unit.',
	tag: TAG,
	permission: 'staff',
	// One of the answers gives money back: an API key needs the refunds scope.
	scope: 'refunds',
	params: z.object({ id: idSchema('Claim not found.') }),
	body: claimAnswerInput,
	response: z.object({
		id: z.number().int(),
		orderNumber: z.string(),
		answer: z.enum(CLAIM_ANSWERS),
		reason: z.string().nullable(),
		unitId: z.number().int().nullable().describe('With replace: the stock unit delivered instead'),
		refundId: z.number().int().nullable().describe('With refund: the refund made'),
	}),
})

export const claimsContracts: AdminContract[] = [listClaimsContract, answerClaimContract]
