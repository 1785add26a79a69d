import { createContext, useContext, useEffect } from 'react'
import type { BootScripts as BootScriptsText } from '~/utils/boot-scripts.server'
import { HYDRATED_EVENT } from '~/utils/boot-events'

const BootScriptsContext = createContext<BootScriptsText | null>(null)
/** entry.server provides the scripts' text; in the browser there is none and the tags hydrate as they are. */
export const BootScriptsProvider = BootScriptsContext.Provider


let hydrated = false

/** Starts the app after the page has painted; see app/utils/boot-scripts.server.ts. */
export function BootScripts({ nonce }: { nonce?: string }) {
	const scripts = useContext(BootScriptsContext)
	useEffect(() => {
		hydrated = true
		window.dispatchEvent(new Event(HYDRATED_EVENT))
	}, [])
	if (hydrated) return null
	return (
		<>
			<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.context ?? ' ' }} />
			<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.loader ?? ' ' }} />
		</>
	)
}
