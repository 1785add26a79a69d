// One instance per process, even when the server bundle and the host both import a module.
export function singleton<T>(name: string, make: () => T): T {
	const store = globalThis as unknown as { __shopSingletons?: Map<string, unknown> }
	store.__shopSingletons ??= new Map()
	if (!store.__shopSingletons.has(name)) store.__shopSingletons.set(name, make())
	return store.__shopSingletons.get(name) as T
}
