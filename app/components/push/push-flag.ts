export type PushState = 'offer' | 'asking' | 'on' | 'turning-off' | 'blocked' | 'failed'

/** Whether this phone is signed up for this owner (remembered beside the browser's own subscription). */
export const pushFlag = (orderNumber?: string) => `push:${orderNumber ?? 'my-orders'}`
