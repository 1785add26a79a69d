import { defineConfig, devices } from '@playwright/test'
// First: it sets E2E_PORT, which tests/e2e/shops.ts reads.
import './tests/setup/e2e-port'
import { E2E_WORKERS, shopUrls } from './tests/e2e/shops'
import { CHROMIUM_ARGS } from './tests/setup/chromium-args'

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
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: CHROMIUM_ARGS,
		},
	},
	projects: [
		// A phone's viewport, touch and user agent, drawn at one device pixel per CSS pixel: layout, tap
		// targets and text fit are measured in CSS pixels, and a 2.6× canvas costs this machine's two
		// cores seven times the painting (the screens people look at are taken at the phone's own density).
		{ name: 'mobile', use: { ...devices['Pixel 7'], deviceScaleFactor: 1, browserName: 'chromium' }, testIgnore: /desktop\..*\.spec\.ts/ },
		{ name: 'desktop', use: { ...devices['Desktop Chrome'], browserName: 'chromium' }, testMatch: /desktop\..*\.spec\.ts/ },
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
		env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', WARM_START_SECONDS: '0', PAYPRO_SIMULATOR: 'true', TRUST_PROXY: 'true', REVIEW_RATE_LIMIT: '1000', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'e2e-owner-password' },
	})),
})
