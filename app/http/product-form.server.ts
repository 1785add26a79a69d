import { redirect } from 'react-router'
import { refuse } from './refusal.server'
import { catalogueFieldErrors, notSavedMessage, readProductForm, type ProductFormInput, type ProductFormValues } from '../domain/catalogue/product-form'
import { AppError } from '../utils/app-error'
import { pageFailure, readPageForm } from './http.server'

// The console's product form (new and edit pages): read the post, check it, save it, and answer
// with a redirect to the saved product, or the form back as it was typed with its errors.

/** A product form is the biggest the console posts: a long description and up to 60 option rows. */
export const readProductFormPost = (request: Request) => readPageForm(request, { limit: 128 * 1024 })

export interface ProductFormRefusal {
	ok: false
	message: string
	fieldErrors: Record<string, string>
	/** What was sent, so the form shows it again. */
	values: ProductFormValues
	/** Tells one refusal from the next, so the form starts again from what was sent. */
	attempt: number
}

const refusal = (values: ProductFormValues, message: string, fieldErrors: Record<string, string>, status: number) =>
	refuse<ProductFormRefusal>(status, { message, fieldErrors, values, attempt: Date.now() })

/** Saves the posted form with `save` and redirects to the product's page with `notice`; a refusal keeps what was typed. */
export async function saveProductForm(values: ProductFormValues, save: (input: ProductFormInput) => Promise<{ id: number }>, notice: 'created' | 'saved') {
	const read = readProductForm(values)
	if (!read.ok) return refusal(values, read.message, read.fieldErrors, 400)
	try {
		const product = await save(read.input)
		return redirect(`/admin/products/${product.id}?notice=${notice}`)
	} catch (error) {
		if (error instanceof AppError && error.code === 'NOT_FOUND') throw pageFailure(error)
		if (error instanceof AppError) {
			const fieldErrors = catalogueFieldErrors(error.message, error.fieldErrors)
			return refusal(values, Object.keys(fieldErrors).length ? notSavedMessage(fieldErrors) : error.message, fieldErrors, error.status)
		}
		throw error
	}
}
