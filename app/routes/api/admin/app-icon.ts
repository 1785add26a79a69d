import { db } from '~/db/client.server'
import { APP_ICON_MAX_BYTES, APP_ICON_MISSING, APP_ICON_TOO_LARGE } from '~/domain/installable/app-icon-rules'
import { setAppIcon } from '~/domain/installable/set-app-icon.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { uploadAppIconContract } from '~/http/admin-contracts/store'
import { readUploadedFile } from '~/http/upload.server'
import { AppError } from '~/utils/app-error'

// POST /api/admin/app-icon: the owner's app icon. The store page's form posts here without scripts
// (Accept: text/html) and is sent back to /admin/store, with the refusal's sentence when there is one.

const storePage = (query: Record<string, string>) => new Response(null, { status: 303, headers: { Location: `/admin/store?${new URLSearchParams(query)}#app` } })

const route = adminRoute(
	adminEndpoint(uploadAppIconContract, async ({ request, actor }) => {
		const wantsPage = (request.headers.get('accept') ?? '').includes('text/html')
		try {
			const bytes = await readUploadedFile(request, { field: 'icon', maxFileBytes: APP_ICON_MAX_BYTES, tooLarge: APP_ICON_TOO_LARGE, missing: APP_ICON_MISSING })
			const saved = await setAppIcon(db(), actor, bytes)
			return wantsPage ? storePage({ appIcon: 'saved' }) : saved
		} catch (error) {
			if (wantsPage && error instanceof AppError) return storePage({ appIconError: error.message })
			throw error
		}
	}),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
