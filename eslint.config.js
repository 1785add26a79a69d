// Lint for `npm test`: typescript-eslint's recommended rules, the rules of hooks, and the layers.
// The layers point one way (ADR-009): routes (and root, entries) → components and http → domain →
// integrations → db, utils, content. server/ is the Node host and may import anything in app/.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const POINT = 'The layers point one way: routes → components and http → domain → integrations → db, utils, content (ADR-009).'

/** A folder of app/, reached as `~/name/…`, `../name/…` (any depth) or `~/name` itself. */
const folder = (name) => `^(~/|(\\.\\./)+)(${name})(/|$)`

const banned = {
	routes: { regex: folder('routes'), message: `Nothing below the routes imports a route. ${POINT}` },
	root: { regex: `^(~/|(\\.\\./)+)(root|entry\\.server|entry\\.client)(\\.tsx)?$`, message: `The root and the entries sit at the top, like routes. ${POINT}` },
	components: { regex: folder('components'), message: `UI components are imported by routes and the root only. ${POINT}` },
	http: { regex: folder('http'), message: `app/http turns requests into domain calls; only routes (and server/) import it. ${POINT}` },
	domain: { regex: folder('domain'), message: `This layer sits below the domain. ${POINT}` },
	integrations: { regex: folder('integrations'), message: `This layer sits below the integrations. ${POINT}` },
	server: { regex: `^(\\.\\./)+server(/|$)`, message: `server/ is the Node host: it imports app/, never the other way. ${POINT}` },
	react: { regex: '^(react|react-dom|react-router|@react-router/.*)(/.*)?$', message: `The domain holds the shop's rules: no React and no router. ${POINT}` },
}

/** no-restricted-imports for one layer (typescript-eslint's version, which knows `import type`). */
const layer = (files, patterns) => ({
	files,
	rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
})

const web = ['Request', 'Response', 'Headers']

export default defineConfig(
	globalIgnores(['build/', 'kept-assets/', 'node_modules/', '.react-router/', 'bench/results/', 'data/', 'test-results/', 'playwright-report/', 'public/', '**/*.tmp.*']), // *.tmp.*: an engineer's scratch probe, never committed
	js.configs.recommended,
	tseslint.configs.recommended,
	{
		// React lives here only; elsewhere use… names are plain functions (useEnv, useSecondFactor, Playwright's use).
		files: ['app/{routes,components,utils}/**/*.{ts,tsx}', 'app/root.tsx', 'app/entry.*.tsx'],
		ignores: ['**/*.server.ts'],
		plugins: { 'react-hooks': reactHooks },
		rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
	},
	{
		files: ['**/*.{ts,tsx}'],
		rules: {
			// safeRedirect matches control characters on purpose, to refuse them.
			'no-control-regex': 'off',
			// `const { drop, ...rest } = x` is how we leave a field out.
			'@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
		},
	},
	{ files: ['**/*.{js,mjs}'], languageOptions: { globals: { process: 'readonly' } } },

	layer(['app/domain/**'], [banned.routes, banned.root, banned.components, banned.http, banned.server, banned.react]),
	{
		files: ['app/domain/**'],
		rules: {
			'no-restricted-globals': ['error', ...web.map((name) => ({ name, message: `The domain takes no ${name}: app/http reads the request and calls the domain with plain values. ${POINT}` }))],
			'no-restricted-syntax': ['error', { selector: `TSTypeReference[typeName.name=/^(${web.join('|')})$/]`, message: `The domain takes no Request and answers no Response: app/http does. ${POINT}` }],
		},
	},
	layer(['app/integrations/**'], [banned.routes, banned.root, banned.components, banned.http, banned.domain, banned.server]),
	layer(['app/utils/**', 'app/content/**'], [banned.routes, banned.root, banned.components, banned.http, banned.domain, banned.integrations, banned.server]),
	// The seed and the table columns use the catalogue's shapes, and the seed turns its options into variants
	// (product-view): two leaf modules that import nothing but each other.
	layer(['app/db/**'], [banned.routes, banned.root, banned.components, banned.http, { ...banned.domain, regex: `^(~/|(\\.\\./)+)domain/(?!catalogue/(types|product-view)$)` }, banned.integrations, banned.server]),
	layer(['app/components/**'], [
		banned.routes,
		{ ...banned.root, allowTypeImports: true },
		banned.server,
		{ ...banned.http, allowTypeImports: true },
		{ regex: '\\.server(\\.tsx?)?$', allowTypeImports: true, message: `A component runs in the browser: it may take a server module's types (\`import type\`), never its code. ${POINT}` },
	]),
	layer(['app/http/**'], [banned.routes, banned.root, banned.components, banned.server]),
	layer(['app/routes/**', 'app/root.tsx', 'app/entry.*.tsx'], [banned.server]),
)
