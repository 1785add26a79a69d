// Shapes shared by every benchmark section.

export interface Target {
	op: '>=' | '<='
	value: number
}

export interface Metric {
	/** Column name in the summary table, e.g. "LCP". */
	name: string
	value: number | null
	unit: string
	/** Decimal places when printed. */
	digits?: number
	target?: Target
	/** Set from `target` by `metric()`; absent when there is no target or no value. */
	pass?: boolean
}

export interface Row {
	/** What was measured: a page path, usually. */
	subject: string
	metrics: Metric[]
}

export interface SectionResult {
	name: string
	/** Heading of the first column (what each row measured); "Page" unless set. */
	subjectLabel?: string
	rows: Row[]
	/** Free-form findings worth printing under the table (e.g. the LCP element). */
	notes: string[]
	/** Anything else worth keeping in the JSON file. */
	details?: unknown
	/** Set when the section itself failed to run (its rows are then empty or partial). */
	error?: string
}

export interface BenchDatabase {
	kind: 'postgres' | 'pglite'
	/** For the report, e.g. "postgres (shop_bench on 127.0.0.1:5432)"; never holds a password. */
	label: string
	/** The shop's database URL (PostgreSQL only), for sections that check what the shop wrote. */
	url?: string
}

export interface BenchContext {
	/** Base URL of the running shop, e.g. http://127.0.0.1:40123 */
	baseUrl: string
	/** Process id of the shop (a Node process), to read its memory use. */
	shopPid?: number
	/** What the shop stores its data in. */
	database: BenchDatabase
	/** The PostgreSQL server the bench creates its databases on (PGlite when unset), for sections that start a shop of their own. */
	postgresAdminUrl?: string
	/** Where extra artefacts (full Lighthouse reports) may be written. */
	resultsDir: string
	log: (message: string) => void
}

export type Section = (ctx: BenchContext) => Promise<SectionResult>

export function metric(
	name: string,
	value: number | null,
	unit: string,
	digits = 0,
	target?: Target,
): Metric {
	const m: Metric = { name, value, unit, digits }
	if (target) {
		m.target = target
		if (value !== null && Number.isFinite(value)) {
			m.pass = target.op === '>=' ? value >= target.value : value <= target.value
		} else {
			m.pass = false
		}
	}
	return m
}
