import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}
/** false during server render and hydration, true afterwards: no hydration mismatch. */
export function useHydrated() {
	return useSyncExternalStore(subscribe, () => true, () => false)
}
