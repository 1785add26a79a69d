import { Modal } from '../ui/modal'

/** A list of quote choices; choosing one opens the chat with the request and closes the modal. */
export function QuoteModal({
	open,
	onClose,
	title,
	intro,
	choices,
	onChoose,
}: {
	open: boolean
	onClose: () => void
	title: string
	intro: string
	choices: { key: string; label: string }[]
	onChoose: (key: string) => void
}) {
	return (
		<Modal open={open} onClose={onClose} title={title}>
			<p className="muted">{intro}</p>
			<div className="choice-list">
				{choices.map((c) => (
					<button
						key={c.key}
						type="button"
						className="button ghost block"
						onClick={() => {
							onChoose(c.key)
							onClose()
						}}
					>
						{c.label}
					</button>
				))}
			</div>
		</Modal>
	)
}
