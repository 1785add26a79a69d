import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

// The layer rules of eslint.config.js, run on snippets as if they sat in a given folder.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) })

async function lint(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath })
	return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }))
}

const LAYERS = /The layers point one way/

describe('the layers point one way', () => {
	test.each([
		['app/domain/orders/x.ts', "import { loader } from '~/routes/store/home'\nexport { loader }"],
		['app/domain/orders/x.ts', "import { loader } from '../../routes/store/home'\nexport { loader }"],
		['app/domain/orders/x.ts', "import { requireStaff } from '~/http/staff-auth.server'\nexport { requireStaff }"],
		['app/domain/orders/x.ts', "import { redirect } from 'react-router'\nexport { redirect }"],
		['app/domain/x.ts', "import { Price } from '../components/ui/price'\nexport { Price }"],
		['app/utils/x.ts', "import { Price } from '~/components/ui/price'\nexport { Price }"],
		['app/utils/x.ts', "import { placeOrder } from '../domain/orders/create-order.server'\nexport { placeOrder }"],
		['app/integrations/paypro/x.ts', "import { status } from '../../domain/orders/status'\nexport { status }"],
		['app/db/x.ts', "import { status } from '../domain/orders/status'\nexport { status }"],
		['app/components/ui/x.tsx', "import { listReviews } from '~/domain/reviews/list-reviews.server'\nexport { listReviews }"],
		['app/components/ui/x.tsx', "import { useRootData } from '~/root'\nexport { useRootData }"],
		['app/http/x.ts', "import { Price } from '~/components/ui/price'\nexport { Price }"],
	])('%s: %s is refused', async (file, code) => {
		const messages = await lint(file, code)
		expect(messages).toContainEqual({ rule: '@typescript-eslint/no-restricted-imports', message: expect.stringMatching(LAYERS) })
	})

	test('the domain takes no Request and builds no Response', async () => {
		const messages = await lint(
			'app/domain/orders/x.ts',
			"export function viewOrder(request: Request) {\n\treturn new Response(request.url)\n}",
		)
		expect(messages.map((m) => m.rule)).toEqual(['no-restricted-syntax', 'no-restricted-globals'])
		expect(messages.every((m) => LAYERS.test(m.message))).toBe(true)
	})

	test.each([
		['app/domain/orders/x.ts', "import { AppError } from '../../utils/app-error'\nimport type { Order } from '~/db/schema'\nexport const fail = (o: Order) => new AppError('NOT_FOUND', { message: o.orderNumber })"],
		['app/db/seed/x.ts', "import { DEFAULT_DURATIONS } from '../../domain/catalogue/types'\nexport const first = DEFAULT_DURATIONS[0]"],
		['app/components/ui/x.tsx', "import type { LeaderboardRow } from '~/domain/leaderboard/top-buyers.server'\nexport const name = (r: LeaderboardRow) => r"],
		['app/routes/store/x.tsx', "import { requireStaff } from '~/http/staff-auth.server'\nimport { Price } from '~/components/ui/price'\nexport { Price, requireStaff }"],
	])('%s: a downward import passes', async (file, code) => {
		expect(await lint(file, code)).toEqual([])
	})
})
