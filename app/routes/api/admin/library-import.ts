import { db } from '~/db/client.server'
import { importLibraryCsv } from '~/domain/library/import-library.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { importLibraryContract } from '~/http/admin-contracts/content'
import { readLibraryCsv } from '~/http/library-csv.server'

// POST /api/admin/library/import: a CSV of titles (text/csv body, or a file upload), in one transaction.
const route = adminRoute(adminEndpoint(importLibraryContract, async ({ actor, request }) => importLibraryCsv(db(), actor, await readLibraryCsv(request))))

export const loader = route.loader
export const action = route.action
