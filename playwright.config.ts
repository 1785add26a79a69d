import { defineConfig, devices } from '@playwright/test'
import { E2E_WORKERS, mailboxUrls, shopUrls } from './tests/e2e/shops'

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
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu', '--disable-quic'],
		},
	},
	projects: [
		{ name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' }, testIgnore: /desktop\..*\.spec\.ts/ },
		{ name: 'desktop', use: { ...devices['Desktop Chrome'], browserName: 'chromium' }, testMatch: /desktop\..*\.spec\.ts/ },
	],
	webServer: shopUrls.map((url, i) => ({
		command: 'node --import tsx tests/setup/e2e-server.ts',
		url: `${url}/healthz`,
		timeout: 300_000,
		reuseExistingServer: false,
		stdout: 'ignore' as const,
		stderr: 'pipe' as const,
		env: { PORT: new URL(url).port, PUBLIC_URL: url, E2E_SHOP: String(i), MAILBOX_PORT: new URL(mailboxUrls[i]!).port, LOG_LEVEL: 'warn', NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', TRUST_PROXY: 'true', REVIEW_RATE_LIMIT: '1000', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'e2e-owner-password' },
	})),
})
