import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/** Files on local disk under DATA_DIR/uploads, named by the server, never by the uploader. */
export function localStorage(root: string) {
	const folder = (kind: string) => path.resolve(root, 'uploads', kind)
	return {
		async save(kind: string, bytes: Uint8Array, extension: string): Promise<string> {
			await fs.mkdir(folder(kind), { recursive: true })
			const name = `${crypto.randomUUID()}.${extension}`
			await fs.writeFile(path.join(folder(kind), name), bytes, { flag: 'wx' })
			return `${kind}/${name}`
		},
		async read(key: string): Promise<Buffer | null> {
			const [kind, name] = key.split('/')
			if (!kind || !name || !/^[\w-]+\.\w+$/.test(name)) return null
			return fs.readFile(path.join(folder(kind), name)).catch(() => null)
		},
	}
}
