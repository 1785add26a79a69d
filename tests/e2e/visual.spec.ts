import { test } from './helpers'
import { SCREENS } from './visual'

// The first screen of each page at 360×740, against its committed baseline (desktop.visual.spec.ts: 1280×900).
test.use({ viewport: { width: 360, height: 740 } })

for (const screen of SCREENS) {
	test(`looks as it did: ${screen.name} at 360 px`, async ({ page, browser }) => {
		await screen.show(page, browser)
	})
}
