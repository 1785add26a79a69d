// `npm run bench [-- section ...]`: builds if needed, starts the shop on a fresh database,
// runs the chosen sections (all by default), prints a summary and writes bench/results/latest.json.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server to create `shop_bench` on, or `pglite`; unset,
// PostgreSQL at postgres://postgres@127.0.0.1:5432 when it answers, else PGlite with a note),
// BENCH_DATABASE_NAME (the database created, dropped first, on that server: default shop_bench),
// BENCH_START_TIMEOUT (seconds to wait for /healthz, default 300), BENCH_LIGHTHOUSE_RUNS (default 3),
// BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_CHECKOUT_CONNECTIONS (10),
// BENCH_LIVE_STEPS (100,500,1000,2000), BENCH_LIVE_BUDGET (110 s), BENCH_DASHBOARD_ORDERS (100000),
// BENCH_DASHBOARD_RUNS (20), BENCH_CATALOGUE_SIZE (500), BENCH_CATALOGUE_RUNS (20), BENCH_STOCK_ORDERS (200),
// BENCH_STOCK_CONCURRENCY (10), BENCH_STEPS_RUNS (7), BENCH_SEARCH_ORDERS (100000), BENCH_SEARCH_RUNS (20),
// BENCH_CONTENTION_LOAD (signins,covers,import: which loads run), BENCH_CONTENTION_INTERVAL (100 ms between /about requests),
// BENCH_REPORTS_ORDERS (100000), BENCH_REPORTS_RUNS (20), BENCH_SUPPLIER_ORDERS (60), BENCH_SUPPLIER_CONCURRENCY (5), BENCH_SUPPLIER_LATENCY_MS (300).
// BENCH_MILLION_ORDERS (1000000), BENCH_MILLION_BUYERS (300000), BENCH_MILLION_RUNS (20): the million section, run only when named.
// BENCH_SHOP_NODE_ARGS: extra Node flags for the shop only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under load).
// BENCH_PORTS_FROM: the bench's servers (shops, nginx, PayPro, PostgreSQL of its own) take ports from here upwards; unset, any free port.
// The hike section (run only when named: `npm run bench -- hike`; docs/operations/README.md): BENCH_HIKE_SECONDS (120),
// BENCH_HIKE_SHOPPERS (10000), BENCH_HIKE_THINK_SECONDS (30: a shopper's average pause between pages),
// BENCH_HIKE_CHECKOUTS_PER_MINUTE (500), BENCH_HIKE_FAULTS (restart,sigterm,kill: which faults happen; empty for none),
// BENCH_NGINX (/usr/sbin/nginx), POSTGRES_BIN (/usr/lib/postgresql/15/bin: initdb and pg_ctl for its own cluster),
// BENCH_NGINX_LOG (a file: nginx logs each request's times there, upstream connect, header and answer, and the page cache's word).
//
// To add a section: write a function `(ctx: BenchContext) => Promise<SectionResult>` in its own
// module and list it in SECTIONS below.
import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { countTargets, formatSection } from './report.ts'
import { chooseDatabase, ensureBuild, log, ROOT, startShop } from './server.ts'
import type { Section, SectionResult } from './types.ts'

// Loaded lazily (Lighthouse alone takes a while to import), while the shop starts.
const SECTIONS: Record<string, () => Promise<Section>> = {
	lighthouse: async () => (await import('./lighthouse.ts')).lighthouseSection,
	throughput: async () => (await import('./throughput.ts')).throughputSection,
	// Before checkout: the checkout section leaves hundreds of unpaid orders for the job worker to sweep.
	live: async () => (await import('./live.ts')).liveSection,
	checkout: async () => (await import('./checkout.ts')).checkoutSection,
	// A shop of its own (database <BENCH_DATABASE_NAME>_stock) paid through a local fake of PayPro: real payments, which take stock.
	stock: async () => (await import('./stock.ts')).stockSection,
	// After stock (it imports codes for the gift card that section needs by hand) and before the
	// catalogue and dashboard sections grow the shop: the buttons buyers and staff wait on.
	steps: async () => (await import('./steps.ts')).stepsSection,
	// After stock and steps (it imports 5,000 codes for the gift card they sell, and uploads its cover):
	// the p99 of /about idle and while sign-ins, cover uploads and a stock import run.
	contention: async () => (await import('./contention.ts')).contentionSection,
	// After lighthouse (its figures are for the built-in catalogue): grows the catalogue to 500 products.
	catalogue: async () => (await import('./catalogue.ts')).catalogueSection,
	// Last: it fills the orders table to 100,000 orders, which would change what the others measure.
	dashboard: async () => (await import('./dashboard.ts')).dashboardSection,
	// Its own in-memory PGlite: the shop's data is not touched.
	search: async () => (await import('./search.ts')).searchSection,
	// Its own PostgreSQL database (shop_bench_reports): the shop's data is not touched.
	reports: async () => (await import('./reports.ts')).reportsSection,
	// Not in the default run (it fills the shop's database with a million orders, which would change what every other section measures): `npm run bench -- million`.
	million: async () => (await import('./million.ts')).millionSection,
	// Its own in-memory PGlite and a local wholesaler of Kinguin's protocol: the shop's data is not touched.
	suppliers: async () => (await import('./suppliers.ts')).suppliersSection,
	// Not in the default run (minutes, and a fleet of its own: PostgreSQL, three instances, nginx, PayPro): `npm run bench -- hike`.
	hike: async () => (await import('./hike.ts')).hikeSection,
}

/** Sections run only when named: they take long, or change the shop's data for every section after them. */
const ONLY_WHEN_NAMED = new Set(['million', 'hike'])
/** Sections that start the shops they measure: when only these run, the shared shop is not started. */
const OWN_SHOPS = new Set(['stock', 'hike'])

const RESULTS_DIR = path.join(ROOT, 'bench/results')

function chosenSections(args: string[]): string[] {
	const names = args.filter((a) => !a.startsWith('-'))
	if (args.includes('--help') || args.includes('-h')) {
		console.log(`usage: npm run bench [-- ${Object.keys(SECTIONS).join(' | ')} ...]`)
		process.exit(0)
	}
	const unknown = names.filter((n) => !(n in SECTIONS))
	if (unknown.length) {
		console.error(`unknown section(s): ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`)
		process.exit(2)
	}
	return names.length ? Object.keys(SECTIONS).filter((n) => names.includes(n)) : Object.keys(SECTIONS).filter((n) => !ONLY_WHEN_NAMED.has(n))
}

function gitRevision(): string | null {
	try {
		const options: ExecFileSyncOptionsWithStringEncoding = { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }
		const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], options).trim()
		const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], options).trim()
		return dirty ? `${head}+dirty` : head
	} catch {
		return null
	}
}

async function main() {
	const names = chosenSections(process.argv.slice(2))
	const startedAt = new Date()
	const loadBefore = os.loadavg()[0]
	fs.mkdirSync(RESULTS_DIR, { recursive: true })

	await ensureBuild()
	const loading = Promise.all(names.map((name) => SECTIONS[name]()))
	loading.catch(() => {}) // awaited below; avoids an unhandled rejection while the shop starts
	const choice = await chooseDatabase()
	log(`database: ${choice.note}`)
	const shop = names.every((n) => OWN_SHOPS.has(n)) ? null : await startShop({ postgresAdminUrl: choice.postgresAdminUrl })
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			log(`${signal}: stopping the shop`)
			void (shop?.stop() ?? Promise.resolve()).finally(() => process.exit(130))
		})
	}

	const results: SectionResult[] = []
	try {
		const sections = await loading
		for (const [i, name] of names.entries()) {
			const sectionStart = Date.now()
			log(`section ${name}`)
			try {
				results.push(
					await sections[i]({
						baseUrl: shop?.url ?? '',
						shopPid: shop?.child.pid,
						database: shop?.database ?? { kind: choice.postgresAdminUrl ? 'postgres' : 'pglite', label: 'each section its own' },
						postgresAdminUrl: choice.postgresAdminUrl,
						resultsDir: RESULTS_DIR,
						log,
					}),
				)
			} catch (error) {
				// One broken section should not cost the figures of the others.
				const message = error instanceof Error ? error.message : String(error)
				log(`section ${name} failed: ${error instanceof Error ? (error.stack ?? message) : message}`)
				results.push({ name, rows: [], notes: [], error: message })
				if (shop && (shop.child.exitCode !== null || shop.child.signalCode !== null)) {
					log('the shop has stopped: skipping the remaining sections')
					for (const rest of names.slice(i + 1)) results.push({ name: rest, rows: [], notes: [], error: 'not run: the shop had stopped' })
					break
				}
			}
			log(`section ${name} took ${((Date.now() - sectionStart) / 1000).toFixed(0)} s`)
		}
	} finally {
		await shop?.stop()
	}

	const durationSeconds = (Date.now() - startedAt.getTime()) / 1000
	const targets = countTargets(results)
	const summary = {
		startedAt: startedAt.toISOString(),
		durationSeconds: Math.round(durationSeconds),
		revision: gitRevision(),
		node: process.version,
		database: shop?.database.label ?? 'each section its own',
		databaseNote: choice.note,
		cpus: os.cpus().length,
		// One-minute load average at the start and the end: above the CPU count, other work shared the machine.
		loadAverage: { start: loadBefore, end: os.loadavg()[0] },
		targets,
		sections: results,
	}
	fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(summary, null, '\t')}\n`)

	const out = [
		`Benchmark of ${summary.revision ?? 'the work tree'} (${summary.database}, Node ${process.version}, ${summary.cpus} CPUs)`,
		`Database: ${choice.note}`,
		`Load average (1 min) at start ${loadBefore.toFixed(1)}, at end ${summary.loadAverage.end.toFixed(1)}` +
			(loadBefore > summary.cpus
				? ': other work was keeping the machine busy, so these timings are pessimistic'
				: ''),
		'',
		...results.flatMap((r) => [formatSection(r), '']),
		`Targets met: ${targets.passed} of ${targets.passed + targets.failed}`,
		...targets.failures.map((f) => `  FAIL ${f}`),
		`Total time: ${durationSeconds.toFixed(0)} s. JSON: bench/results/latest.json${
			names.includes('lighthouse') ? '; Lighthouse reports: bench/results/lighthouse-*.html' : ''
		}`,
	]
	console.log(out.join('\n'))
	if (results.some((r) => r.error)) process.exitCode = 1
}

// A failed Lighthouse run can leave protocol calls pending that reject once its Chrome is closed;
// those are expected and are not worth crashing the benchmark over. Anything else is.
process.on('unhandledRejection', (reason: unknown) => {
	const message = reason instanceof Error ? reason.message : String(reason)
	if (/Protocol error|Target closed|PROTOCOL_TIMEOUT|Session closed/i.test(message)) {
		log(`ignored a leftover Lighthouse error: ${message.slice(0, 200)}`)
		return
	}
	console.error(reason)
	process.exit(1)
})

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error)
	process.exit(1)
})
