import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const BASE_URL = `http://localhost:${PORT}`

export default defineConfig({
	testDir: './tests/e2e',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	forbidOnly: true,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: process.env.CI ? 'list' : [['list']],
	use: {
		baseURL: BASE_URL,
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
	webServer: {
		command: 'node --import tsx tests/setup/e2e-server.ts',
		url: `${BASE_URL}/healthz`,
		timeout: 300_000,
		reuseExistingServer: false,
		stdout: 'ignore',
		stderr: 'pipe',
		env: { PORT: String(PORT), PUBLIC_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'warn', NODE_ENV: 'production', PAYPRO_SIMULATOR: 'true', TRUST_PROXY: 'true', REVIEW_RATE_LIMIT: '1000', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'e2e-owner-password' },
	},
})
