import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { chatLink } from '~/utils/chat'

// Two contexts: a page that sets the message reads only the setter, which never changes, so only
// the chat button renders again when the message does.
const ChatMessageContext = createContext<string | null>(null)
const SetChatMessageContext = createContext<(m: string | null) => void>(() => {})

export function ChatMessageProvider({ children }: { children: ReactNode }) {
	const [message, setMessage] = useState<string | null>(null)
	return (
		<SetChatMessageContext.Provider value={setMessage}>
			<ChatMessageContext.Provider value={message}>{children}</ChatMessageContext.Provider>
		</SetChatMessageContext.Provider>
	)
}

/** A page sets the prefilled chat text (a product enquiry) while it is shown. */
export function useChatMessage(message: string | null) {
	const setMessage = useContext(SetChatMessageContext)
	useEffect(() => {
		setMessage(message)
		return () => setMessage(null)
	}, [message, setMessage])
}

export function ChatButton({ whatsapp }: { whatsapp: string }) {
	const message = useContext(ChatMessageContext)
	const t = useT()
	return (
		<a
			className="chat-button"
			href={chatLink(whatsapp, message ?? undefined)}
			target="_blank"
			rel="noopener noreferrer"
			aria-label={t(message ? 'common.chat.product' : 'common.chat.general')}
		>
			<svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
				<use href="/icons.svg#chat" />
			</svg>
		</a>
	)
}
