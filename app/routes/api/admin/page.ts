import { db } from '~/db/client.server'
import { readPolicyPage, savePolicyPage, type EditablePage } from '~/domain/pages/policy-pages.server'
import { pageTokens, renderMarkdown } from '~/domain/pages/render-markdown.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { readPageContract, savePageContract } from '~/http/admin-contracts/content'

// GET and PUT /api/admin/pages/{slug}: a policy page's or the FAQ's Markdown.

const withHtml = async (page: EditablePage) => ({ ...page, html: renderMarkdown(page.markdown, pageTokens(await readStoreDetails(db()))) })

const route = adminRoute(
	adminEndpoint(readPageContract, async ({ params }) => withHtml(await readPolicyPage(db(), params.slug))),
	adminEndpoint(savePageContract, async ({ actor, params, body }) => withHtml(await savePolicyPage(db(), actor, params.slug, body.markdown))),
)

export const loader = route.loader
export const action = route.action
