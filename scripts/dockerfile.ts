// The Dockerfile's steps, read and run on this machine (ADR-056): it cannot build images, so
// scripts/container-steps.ts runs each stage's COPY and RUN as written in a folder of its own (the
// stage's root; /app inside it is that folder's app/), then starts the last stage's CMD as the image
// would, and asks /healthz with the HEALTHCHECK's own command.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface Instruction {
	op: string
	/** The words after the instruction, flags (--from=…) taken out. */
	args: string[]
	/** The raw text after the instruction (a RUN's shell command). */
	text: string
	flags: Record<string, string>
	/** An exec form (["node", …]) as its words. */
	exec: string[] | null
}

export interface Stage {
	name: string
	base: string
	steps: Instruction[]
}

/** The Dockerfile's stages, its comments and line continuations read as Docker reads them. */
export function parseDockerfile(text: string): Stage[] {
	const lines: string[] = []
	let pending = ''
	for (const raw of text.split('\n')) {
		const line = raw.trimEnd()
		if (/^\s*#/.test(line) || (!pending && line.trim() === '')) continue
		if (line.endsWith('\\')) {
			pending += `${line.slice(0, -1)} `
			continue
		}
		lines.push((pending + line).trim())
		pending = ''
	}
	const stages: Stage[] = []
	for (const line of lines) {
		const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? []
		const words = rest.split(/\s+/).filter(Boolean)
		const flags: Record<string, string> = {}
		while (words[0]?.startsWith('--')) {
			const [key = '', value = ''] = words.shift()!.slice(2).split('=')
			flags[key] = value
		}
		const text = rest.replace(/^(--\S+\s+)+/, '')
		let exec: string[] | null = null
		const execText = op.toUpperCase() === 'HEALTHCHECK' ? text.replace(/^CMD\s+/, '') : text
		if (execText.startsWith('[')) exec = JSON.parse(execText) as string[]
		const instruction: Instruction = { op: op.toUpperCase(), args: words, text, flags, exec }
		if (instruction.op === 'FROM') {
			stages.push({ base: words[0] ?? '', name: words[2] ?? String(stages.length), steps: [] })
		} else {
			const stage = stages.at(-1)
			if (!stage) throw new Error(`Dockerfile: ${op} before FROM`)
			stage.steps.push(instruction)
		}
	}
	return stages
}

/** The `npm ci` steps: with `reuse`, the repository's installed node_modules stands in for them. */
export const isInstall = (command: string) => /^npm ci\b/.test(command.trim())

export interface StepsOptions {
	/** The repository: its tracked files are the build context. */
	repo: string
	/** Run `npm ci` as written (offline when the cache holds everything); else link the repository's node_modules. */
	install?: boolean
	/** Run only the last stage, taking earlier stages' files from the repository as it is (its build/, node_modules). */
	runtimeOnly?: boolean
	/** Where the stages' folders go (a new temporary folder when unset). */
	workDir?: string
	log?: (line: string) => void
}

export interface PreparedImage {
	root: string
	/** The last stage's working directory, environment (paths inside the image mapped into its folder), command and health check. */
	cwd: string
	env: Record<string, string>
	cmd: string[]
	healthcheck: string[] | null
	user: string | null
	timings: { step: string; ms: number }[]
}

/** The repository's tracked files, copied as the build context (what .dockerignore leaves is what git tracks). */
function copyContext(repo: string, to: string) {
	const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean)
	for (const file of tracked) {
		const from = path.join(repo, file)
		if (!fs.existsSync(from)) continue
		fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
		fs.copyFileSync(from, path.join(to, file))
	}
}

/** `cp` as COPY does it: a folder's contents into the destination, a file into a folder when the destination ends in `/`. */
function copyInto(from: string, to: string, many: boolean, linkModules: boolean) {
	if (!fs.existsSync(from)) throw new Error(`COPY: ${from} does not exist`)
	// Installed packages are linked, not copied, unless `npm ci` ran here: the same files, in no time.
	if (linkModules && path.basename(from) === 'node_modules') {
		const target = many || to.endsWith('/') ? path.join(to, 'node_modules') : to
		fs.mkdirSync(path.dirname(target), { recursive: true })
		fs.symlinkSync(fs.realpathSync(from), target)
		return
	}
	const intoFolder = many || to.endsWith('/')
	if (fs.statSync(from).isDirectory()) {
		fs.mkdirSync(to, { recursive: true })
		fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true })
	} else {
		const target = intoFolder ? path.join(to, path.basename(from)) : to
		fs.mkdirSync(path.dirname(target), { recursive: true })
		fs.copyFileSync(from, target)
	}
}

/** Runs the Dockerfile's stages; returns how to start the image's command. */
export function prepareImage(dockerfile: string, { repo, install = false, runtimeOnly = false, workDir, log = () => {} }: StepsOptions): PreparedImage {
	const stages = parseDockerfile(dockerfile)
	const base = workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'container-steps-'))
	const context = path.join(base, 'context')
	const timings: PreparedImage['timings'] = []
	const timed = <T>(step: string, run: () => T): T => {
		const started = Date.now()
		log(`> ${step}`)
		const result = run()
		timings.push({ step, ms: Date.now() - started })
		return result
	}
	if (!runtimeOnly) timed('context: the tracked files', () => copyContext(repo, context))
	const roots = new Map<string, string>()
	let image: PreparedImage | null = null
	stages.forEach((stage, i) => {
		const last = i === stages.length - 1
		const root = path.join(base, `stage-${stage.name}`)
		roots.set(stage.name, root)
		if (runtimeOnly && !last) return
		fs.mkdirSync(root, { recursive: true })
		const inside = (p: string, cwd: string) => (path.isAbsolute(p) ? path.join(root, p) : path.join(cwd, p))
		let cwd = root
		const env: Record<string, string> = {}
		let user: string | null = null
		let cmd: string[] = []
		let healthcheck: string[] | null = null
		for (const step of stage.steps) {
			const label = `${stage.name}: ${step.op} ${step.text}`
			if (step.op === 'WORKDIR') {
				cwd = inside(step.args[0]!, cwd)
				fs.mkdirSync(cwd, { recursive: true })
			} else if (step.op === 'ENV') {
				for (const pair of step.args) {
					const [key = '', ...value] = pair.split('=')
					const v = value.join('=')
					env[key] = v.startsWith('/') ? path.join(root, v) : v
				}
			} else if (step.op === 'COPY') {
				const sources = step.args.slice(0, -1)
				const dest = inside(step.args.at(-1)!, cwd)
				timed(label, () => {
					for (const source of sources) {
						const from = step.flags.from
							? runtimeOnly
								? path.join(repo, path.relative('/app', source))
								: path.join(roots.get(step.flags.from)!, source)
							: path.join(context, source)
						copyInto(from, step.args.at(-1)!.endsWith('/') ? `${dest}/` : dest, sources.length > 1, !install)
					}
				})
			} else if (step.op === 'RUN') {
				if (isInstall(step.text) && !install) {
					timed(`${label} (the repository's node_modules, linked)`, () => fs.symlinkSync(path.join(repo, 'node_modules'), path.join(cwd, 'node_modules')))
				} else {
					const command = isInstall(step.text) ? `${step.text} --offline` : step.text
					timed(label, () => execFileSync('/bin/sh', ['-c', command], { cwd, env: { ...process.env, ...env }, stdio: 'inherit' }))
				}
			} else if (step.op === 'USER') {
				user = step.args[0] ?? null
			} else if (step.op === 'CMD') {
				cmd = step.exec ?? ['/bin/sh', '-c', step.text]
			} else if (step.op === 'HEALTHCHECK') {
				healthcheck = step.exec
			}
		}
		if (last) image = { root, cwd, env, cmd, healthcheck, user, timings }
	})
	if (!image) throw new Error('Dockerfile: no stage')
	return image
}

/** A free port on this machine. */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

export interface StartedImage {
	child: ChildProcess
	url: string
	output: () => string
	stop(): Promise<void>
}

/** Starts the image's CMD on a free port (the environment the Dockerfile set, on 127.0.0.1) and waits for /healthz. */
export async function startImage(image: PreparedImage, { timeoutMs = 120_000, env: extra = {} }: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<StartedImage> {
	const port = await freePort()
	const [command, ...args] = image.cmd
	let output = ''
	const child = spawn(command === 'node' ? process.execPath : command!, args, { cwd: image.cwd, env: { PATH: process.env.PATH ?? '', HOME: image.env.HOME ?? os.tmpdir(), ...image.env, ...extra, PORT: String(port), HOST: '127.0.0.1' } })
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const url = `http://127.0.0.1:${port}`
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	const stop = async () => {
		if (child.exitCode === null) child.kill('SIGTERM')
		await exited
	}
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`the image's command exited (${child.exitCode}):\n${output}`)
		const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false)
		if (ok) return { child, url, output: () => output, stop }
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	await stop()
	throw new Error(`/healthz did not answer within ${timeoutMs / 1000} s:\n${output}`)
}

/** Runs the HEALTHCHECK's command as Docker would inside the container; its exit code (0: healthy). */
export function runHealthcheck(image: PreparedImage, port: string): number {
	if (!image.healthcheck) throw new Error('Dockerfile: no HEALTHCHECK')
	const [command, ...args] = image.healthcheck
	try {
		execFileSync(command === 'node' ? process.execPath : command!, args, { cwd: image.cwd, env: { ...process.env, ...image.env, PORT: port }, stdio: 'pipe', timeout: 10_000 })
		return 0
	} catch (error) {
		return (error as { status?: number }).status ?? 1
	}
}
