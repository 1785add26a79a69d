import { defineConfig, devices } from '@playwright/test'
// First: it sets E2E_PORT, which tests/e2e/shops.ts reads.
import './tests/setup/e2e-port'
import { E2E_WORKERS, shopUrls } from './tests/e2e/shops'
import { CHROMIUM_ARGS, CHROMIUM_FULL, CHROMIUM_HEADLESS_SHELL } from './tests/setup/chromium-args'

const mobile = { ...devices['Pixel 7'], deviceScaleFactor: 1, browserName: 'chromium' as const }
const desktop = { ...devices['Desktop Chrome'], browserName: 'chromium' as const }
const fullBrowser = { executablePath: CHROMIUM_FULL, args: CHROMIUM_ARGS }
// Which project runs a spec: the desktop ones by name (desktop.*.spec.ts), and the few that need the
// full browser (ADR-063): the push specs and the visual baselines, on a phone and on a desktop.
const DESKTOP_SPECS = /desktop\..*\.spec\.ts$/
const FULL_BROWSER_SPECS = /(^|[/.])(push|visual)\.spec\.ts$/
const DESKTOP_FULL_BROWSER_SPECS = /desktop\.(.+\.)?(push|visual)\.spec\.ts$/

export default defineConfig({
	testDir: './tests/e2e',
	fullyParallel: false,
	// One worker per shop server (tests/e2e/shops.ts); helpers.ts points each worker at its own.
	workers: E2E_WORKERS,
	retries: 0,
	forbidOnly: true,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: process.env.CI ? 'list' : [['list']],
	use: {
		baseURL: shopUrls[0],
		// A trace records every action's page (snapshots and a screencast) and is thrown away when the test
		// passes: kept on a developer's machine, where it is opened; off on CI, whose files are not kept.
		trace: process.env.CI ? 'off' : 'retain-on-failure',
		// No service worker unless a spec asks for one (installable, push): otherwise every new browser
		// would install it, fetching the offline pages and their files, for tests that never go offline.
		serviceWorkers: 'block',
		launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL, args: CHROMIUM_ARGS },
	},
	// The baselines of visual.spec.ts and desktop.visual.spec.ts: one per screen and spec file, whichever browser takes it.
	snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}-{platform}{ext}',
	projects: [
		// A phone's viewport, touch and user agent, drawn at one device pixel per CSS pixel: layout, tap
		// targets and text fit are measured in CSS pixels, and a 2.6× canvas costs this machine's two
		// cores seven times the painting (the screens people look at are taken at the phone's own density).
		// Most specs run in Chromium's headless shell (ADR-063); the few that need what only the full
		// browser has (a notification permission still to ask, push, the baselines people see) run in it.
		{ name: 'mobile', use: mobile, testIgnore: [DESKTOP_SPECS, FULL_BROWSER_SPECS] },
		{ name: 'desktop', use: desktop, testMatch: DESKTOP_SPECS, testIgnore: FULL_BROWSER_SPECS },
		{ name: 'mobile, full browser', use: { ...mobile, launchOptions: fullBrowser }, testMatch: FULL_BROWSER_SPECS, testIgnore: DESKTOP_SPECS },
		{ name: 'desktop, full browser', use: { ...desktop, launchOptions: fullBrowser }, testMatch: DESKTOP_FULL_BROWSER_SPECS },
	],
	// All shops start together, from one command (tests/setup/e2e-shops.ts), rather than one after
	// another; Playwright waits for each one's /healthz (the later entries only wait). They start
	// without drawing their pages first (WARM_START_SECONDS=0, ADR-061: 5 s of every run, for pages the
	// first console change drops; tests/integration/page-cache.test.ts and container.test.ts check it).
	webServer: shopUrls.map((url, i) => ({
		command: i === 0 ? 'node --import tsx tests/setup/e2e-shops.ts' : `node -e "setInterval(() => {}, 60_000)"`,
		url: `${url}/healthz`,
		timeout: 300_000,
		// A later shop is found already up, started by the first command.
		reuseExistingServer: i > 0,
		stdout: 'ignore' as const,
		stderr: 'pipe' as const,
		// The per-address limits on reviews, contact messages and checkouts raised: every browser of a worker writes
		// from one address, so which specs share a shop would decide who is refused (each limit is tested
		// where it is reached: contact-replies-http.test.ts, languages.test.ts, form-refusals.spec.ts).
		env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', WARM_START_SECONDS: '0', PAYPRO_SIMULATOR: 'true', TRUST_PROXY: 'true', REVIEW_RATE_LIMIT: '1000', CONTACT_RATE_LIMIT: '1000', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'e2e-owner-password' },
	})),
})
