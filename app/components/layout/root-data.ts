import { useRouteLoaderData } from 'react-router'
import type { loader } from '~/root'

/** The root loader's data (the store's public config, the year, the origin) for any component. */
export function useRootData() {
	return useRouteLoaderData<typeof loader>('root')
}

/** The store's details and public configuration that every page gets. */
export type RootConfig = Awaited<ReturnType<typeof loader>>['config']
