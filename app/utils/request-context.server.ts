import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import { singleton } from './singleton.server'

// Each request the shop answers has an id: in its X-Request-Id header, in every log line written while
// it runs and on the order events it writes (ADR-056). It travels in the request's async context, so no
// function between the host and the order's one writer has to pass it on.

interface RequestContext {
	requestId: string
}

const context = singleton('request-context', () => new AsyncLocalStorage<RequestContext>())

/** What an incoming X-Request-Id (a proxy's, a load balancer's) may be to be kept: short, and letters, digits and `._:-` only. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/

/** The id of a request: a sane one the proxy in front sent, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
	const sent = Array.isArray(incoming) ? incoming[0] : incoming
	return sent && SANE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID()
}

/** Runs `work` (and everything it starts) as part of the request with this id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
	return context.run({ requestId }, work)
}

/** The id of the request this code runs for, or null outside one (a job, the start). */
export function currentRequestId(): string | null {
	return context.getStore()?.requestId ?? null
}
