import { z } from 'zod'
import { COUPON_MESSAGES, couponInput, couponPatch, couponView } from '../../domain/coupons/coupon'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

/** Discount codes are the owner's: a staff session needs the owner, an X-ADMIN-KEY the coupons scope. */
const couponsAccess = { tag: 'Coupons', permission: 'owner', scope: 'coupons' } as const
const couponId = z.object({ id: idSchema(COUPON_MESSAGES.notFound) })

export const listCouponsContract = defineContract({
	method: 'GET',
	path: '/api/admin/coupons',
	summary: 'The discount codes, newest first, each with its uses (orders holding one: not expired, cancelled, paid after their cancel or refunded in full)',
	...couponsAccess,
	response: z.object({ coupons: z.array(couponView) }),
})

export const createCouponContract = defineContract({
	method: 'POST',
	path: '/api/admin/coupons',
	summary:
		'Create a discount code: percent or fixed rupees, for the whole order or chosen products, options (variants) or platforms; optional minimum subtotal, start and end (ISO 8601, or Pakistan time as 2026-12-01T09:30), total uses, uses per buyer (by email and phone), first order only; audited',
	...couponsAccess,
	body: couponInput,
	response: couponView,
	status: 201,
})

export const getCouponContract = defineContract({
	method: 'GET',
	path: '/api/admin/coupons/{id}',
	summary: 'One discount code with its uses',
	...couponsAccess,
	params: couponId,
	response: couponView,
})

export const updateCouponContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/coupons/{id}',
	summary: 'Change any fields of a code; `active: false` pauses it, `active: true` resumes it; audited',
	...couponsAccess,
	params: couponId,
	body: couponPatch,
	response: couponView,
})

/** The discount codes' endpoints. */
export const couponsContracts: AdminContract[] = [listCouponsContract, createCouponContract, getCouponContract, updateCouponContract]
