import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
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
	return (
		<a
			className="chat-button"
			href={chatLink(whatsapp, message ?? undefined)}
			target="_blank"
			rel="noopener noreferrer"
			aria-label={message ? 'Ask about this product on WhatsApp' : 'Chat with us on WhatsApp'}
		>
			<svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
				<path fill="currentColor" d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.2l-.5-.3Z" />
			</svg>
		</a>
	)
}
