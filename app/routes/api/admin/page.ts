import { db } from '~/db/client.server'
import { readPolicyPageShown, readUrduVersion, renderUrduVersion, savePolicyPage, saveUrduVersion, urduTokens } from '~/domain/pages/policy-pages.server'
import { pageTokens } from '~/domain/pages/render-markdown.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { readPageContract, savePageContract } from '~/http/admin-contracts/content'

// GET and PUT /api/admin/pages/{slug}: a policy page's or the FAQ's Markdown, and its Urdu version.

// The HTML is the stored render (made when the page was saved); a text that cannot render is refused by PUT with a sentence.
const route = adminRoute(
	adminEndpoint(readPageContract, async ({ params }) => ({ ...(await readPolicyPageShown(db(), params.slug)), urdu: await readUrduVersion(db(), params.slug) })),
	adminEndpoint(savePageContract, async ({ actor, params, body }) => {
		// The Urdu is checked before anything is saved: a refused Urdu leaves the English as it was too.
		if (body.urdu) await renderUrduVersion(body.urdu, urduTokens(pageTokens(await readStoreDetails(db()))))
		const page = await savePolicyPage(db(), actor, params.slug, body.markdown)
		const urdu = body.urdu === undefined ? await readUrduVersion(db(), params.slug) : await saveUrduVersion(db(), actor, params.slug, body.urdu)
		return { ...page, urdu }
	}),
)

export const loader = route.loader
export const action = route.action
