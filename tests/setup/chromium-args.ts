// The end-to-end browser's switches. Debian's Chromium runs the full browser headless, and each of
// its windows (one per Playwright context) keeps its address bar's pop-ups alive as pages of their own
// (chrome://omnibox-popup.top-chrome): idle, four windows took 5 CPU-seconds in 20 s instead of 2,
// on a machine of two cores that the shop servers and the database share. A test never opens the
// address bar, so they are turned off.
//
// Chromium reads only the last --disable-features, so this one repeats the features Playwright 1.65.1
// (pinned in package.json) turns off for its own reasons (its chromiumSwitches.ts).
const PLAYWRIGHT_DISABLED_FEATURES = [
	'AvoidUnnecessaryBeforeUnloadCheckSync',
	'DestroyProfileOnBrowserClose',
	'HttpsUpgrades',
	'HttpsFirstBalancedModeAutoEnable',
	'LensOverlay',
	'MediaRouter',
	'PaintHolding',
	'ThirdPartyStoragePartitioning',
	'AvoidCorsURLLoaderRestartOnRedirect',
	'TcpPortRandomizationWin',
	'OptimizationHints',
	'NetworkTimeServiceQuerying',
	'AimEnabled',
	'PreconnectToSearch',
	'msForceBrowserSignIn',
	'msEdgeUpdateLaunchServicesPreferredVersion',
]
const ADDRESS_BAR_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-gpu',
	'--disable-quic',
	`--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
]

// Chromium's headless shell (Debian's chromium-headless-shell, the headless Chromium Playwright itself
// runs by default): the browser without its windows' machinery, about a third less CPU for the same
// specs on this machine (ADR-063). It answers every notification permission "denied" and has no push
// service, so the specs about notifications and the visual baselines (what a phone shows: "Notify me
// on this phone") run in the full browser, Debian's chromium (the projects in playwright.config.ts).
export const CHROMIUM_HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell'
export const CHROMIUM_FULL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
