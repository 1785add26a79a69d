/** `failed`: the browser or the shop said no; `no-answer`: nothing answered within PUSH_ANSWER_MS. */
export type PushState = 'offer' | 'asking' | 'on' | 'turning-off' | 'blocked' | 'failed' | 'no-answer'

/**
 * How long signing this phone up (or off) may take, from the tap: the permission prompt, the service
 * worker, the browser's push service and the shop together. Past it the buyer is told the phone did
 * not answer and may try again; some phones' push services and in-app browsers never answer at all.
 */
export const PUSH_ANSWER_MS = 10_000

/** Whether this phone is signed up for this owner (remembered beside the browser's own subscription). */
export const pushFlag = (orderNumber?: string) => `push:${orderNumber ?? 'my-orders'}`
