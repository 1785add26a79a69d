import { test } from './helpers'
import { SCREENS } from './visual'

// The first screen of each page at 1280×900, against its committed baseline (visual.spec.ts: 360×740).
test.use({ viewport: { width: 1280, height: 900 } })

for (const screen of SCREENS) {
	test(`looks as it did: ${screen.name} at 1280 px`, async ({ page, browser }) => {
		await screen.show(page, browser)
	})
}
