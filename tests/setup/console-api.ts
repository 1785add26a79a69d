// What the console's product API answers for a product's option (GET /api/admin/products/{id}),
// and what a PATCH sends back for it: shared by the tests that read and edit options over HTTP.

/** A product option as the console API answers it. */
export interface ApiVariant {
	id: number
	label: string
	value: number | null
	months: number | null
	price: number
	hidden: boolean
	cost: { amount: number; currency: 'PKR' | 'USD' } | null
}
