// Turns section results into the printed summary.
import type { Metric, SectionResult } from './types.ts'

function formatValue(m: Metric): string {
	if (m.value === null || !Number.isFinite(m.value)) return 'n/a'
	return m.value.toFixed(m.digits ?? 0)
}

function formatCell(m: Metric | undefined): string {
	if (!m) return ''
	const value = formatValue(m)
	if (m.pass === undefined) return value
	return `${value} ${m.pass ? 'PASS' : 'FAIL'}`
}

function formatTarget(m: Metric): string {
	return m.target ? `${m.name} ${m.target.op} ${m.target.value}${m.unit ? ` ${m.unit}` : ''}` : ''
}

function table(header: string[], body: string[][]): string {
	const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)))
	const line = (cells: string[]) =>
		cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd()
	return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')
}

export function formatSection(section: SectionResult): string {
	const names: string[] = []
	const units = new Map<string, string>()
	const targets = new Map<string, string>()
	for (const row of section.rows) {
		for (const m of row.metrics) {
			if (!names.includes(m.name)) names.push(m.name)
			if (m.unit) units.set(m.name, m.unit)
			if (m.target) targets.set(m.name, formatTarget(m))
		}
	}
	const header = [section.subjectLabel ?? 'Page', ...names.map((n) => (units.has(n) ? `${n} (${units.get(n)})` : n))]
	const body = section.rows.map((row) => [row.subject, ...names.map((n) => formatCell(row.metrics.find((m) => m.name === n)))])
	const out = [`== ${section.name} ==`]
	if (section.error) out.push(`SECTION FAILED: ${section.error}`)
	if (section.rows.length) out.push(table(header, body))
	if (targets.size) out.push(`Targets: ${[...targets.values()].join(', ')}`)
	if (section.notes.length) out.push('', ...section.notes.map((n) => `  ${n}`))
	return out.join('\n')
}

export function countTargets(sections: SectionResult[]) {
	let passed = 0
	let failed = 0
	const failures: string[] = []
	for (const section of sections) {
		if (section.error) {
			failed++
			failures.push(`${section.name}: section failed: ${section.error.split('\n')[0].slice(0, 200)}`)
		}
		for (const row of section.rows) {
			for (const m of row.metrics) {
				if (m.pass === undefined) continue
				if (m.pass) passed++
				else {
					failed++
					failures.push(`${section.name} ${row.subject}: ${m.name} ${formatValue(m)}${m.unit ? ` ${m.unit}` : ''} (target ${m.target!.op} ${m.target!.value})`)
				}
			}
		}
	}
	return { passed, failed, failures }
}
