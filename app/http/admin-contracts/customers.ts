import { z } from 'zod'
import { CUSTOMER_MESSAGES, customerDetailView, customerListQuery, customerListView } from '../../domain/customers/customers'
import { idSchema } from '../../utils/input'
import { CREDIT_EMAIL_MESSAGE, creditView } from '../../domain/credit/credit'
import { defineContract, type AdminContract } from '../admin-contract'

export const listCustomersContract = defineContract({
	method: 'GET',
	path: '/api/admin/customers',
	summary: 'Every buyer by email (any spelling counts as one), with the phones they used, orders, money spent net of refunds (test payments left out), refunds, first and last order and running subscriptions; searched, sorted, 50 a page',
	tag: 'Customers',
	permission: 'staff',
	scope: 'customers',
	query: customerListQuery,
	response: customerListView,
})

export const readCustomerContract = defineContract({
	method: 'GET',
	path: '/api/admin/customers/{id}',
	summary: "One buyer (their number is their first order's id, as the list gives it): figures, orders, staff notes and the blocks on their email or phones",
	tag: 'Customers',
	permission: 'staff',
	scope: 'customers',
	params: z.object({ id: idSchema(CUSTOMER_MESSAGES.notFound) }),
	response: customerDetailView,
})

export const readCustomerCreditContract = defineContract({
	method: 'GET',
	path: '/api/admin/customers/{email}/credit',
	summary: "A buyer's store credit by their email (any case): the balance in whole rupees and the latest entries, newest first (refunds to credit, codes returned, credit spent, spent credit given back when an order ended unpaid)",
	tag: 'Customers',
	permission: 'staff',
	scope: 'customers',
	params: z.object({ email: z.string().trim().min(3, CREDIT_EMAIL_MESSAGE).max(200, CREDIT_EMAIL_MESSAGE).pipe(z.email(CREDIT_EMAIL_MESSAGE)) }),
	response: creditView,
})

/** The customers' endpoints. */
export const customersContracts: AdminContract[] = [listCustomersContract, readCustomerContract, readCustomerCreditContract]
