import type { ServerResponse } from 'node:http'

declare module 'react-router' {
	interface AppLoadContext {
		cspNonce: string
		clientIp: string
		/** The Node response under this request: only live streams (app/http/event-stream.server.ts) write to it directly. */
		liveResponse: ServerResponse
	}
}
export {}
