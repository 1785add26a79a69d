import { db } from '~/db/client.server'
import { readPolicyPageShown, savePolicyPage } from '~/domain/pages/policy-pages.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { readPageContract, savePageContract } from '~/http/admin-contracts/content'

// GET and PUT /api/admin/pages/{slug}: a policy page's or the FAQ's Markdown.

// The HTML is the stored render (made when the page was saved); a text that cannot render is refused by PUT with a sentence.
const route = adminRoute(
	adminEndpoint(readPageContract, async ({ params }) => readPolicyPageShown(db(), params.slug)),
	adminEndpoint(savePageContract, async ({ actor, params, body }) => savePolicyPage(db(), actor, params.slug, body.markdown)),
)

export const loader = route.loader
export const action = route.action
