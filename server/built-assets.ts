import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import path from 'node:path'
import { keptFiles } from '../scripts/keep-assets'
import { FILE_NOT_FOUND } from '../app/http/request-guard'

// The build writes Brotli and Zopfli-gzip copies of each file (scripts/precompress.ts): served as they are.
export const precompressed = { enableBrotli: true, orderPreference: ['br', 'gz'], index: false }
const immutable = { serveStatic: { immutable: true, maxAge: '1y' } }

/**
 * GET /assets/*: the current build's hashed files, then those kept from the builds before it
 * (scripts/keep-assets.ts), so a page opened before a deploy still loads its scripts; both cached
 * for good, as a hashed name never changes content. Anything else is a 404 with a sentence (`notFound`), never a page of the shop.
 */
export function builtAssets({ clientDir, keptDir, notFound = plainNotFound }: { clientDir: string; keptDir?: string; notFound?: express.RequestHandler }): express.Router {
	const router = express.Router()
	router.use(expressStaticGzip(path.join(clientDir, 'assets'), { ...precompressed, ...immutable }))
	if (keptDir) router.use(expressStaticGzip(keptFiles(keptDir), { ...precompressed, ...immutable }))
	router.use((req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		res.setHeader('Cache-Control', 'no-store')
		notFound(req, res, next)
	})
	return router
}

const plainNotFound: express.RequestHandler = (_req, res) => {
	res.status(404).setHeader('Cache-Control', 'no-store')
	res.type('text').send(FILE_NOT_FOUND)
}
