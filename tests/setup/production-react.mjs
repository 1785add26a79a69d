// The shop under test renders with React's production build, as it does when deployed. React picks
// its build from NODE_ENV once, when first loaded, and the tests run with NODE_ENV=test (the clock
// can be moved, passwords hash cheaply): so React is loaded here first, under "production", and
// every later import gets that copy: the shops Vitest starts in its workers (a setup file) and
// those in processes of their own (`node --import` this, tests/setup/shop-process.ts). The
// development build checks what the production one does not, at twice the cost of every page drawn.
const NODE_ENV = process.env.NODE_ENV
process.env.NODE_ENV = 'production'
try {
	await import('react')
	await import('react/jsx-runtime')
	await import('react-dom')
	await import('react-dom/server')
} finally {
	process.env.NODE_ENV = NODE_ENV
}
