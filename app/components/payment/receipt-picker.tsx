import { useEffect, useId, useRef, useState } from 'react'
import { useT } from '~/i18n/use-t'

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`)

/** Choose the transfer screenshot: checked here, previewed, removable. */
export function ReceiptPicker({ file, onChange, disabled, required }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean; required?: boolean }) {
	const t = useT()
	const inputId = useId()
	const problemId = useId()
	const input = useRef<HTMLInputElement>(null)
	const [problem, setProblem] = useState<string | null>(null)
	const [preview, setPreview] = useState<string | null>(null)
	const [previewFailed, setPreviewFailed] = useState(false)

	useEffect(() => {
		setPreviewFailed(false)
		if (!file) {
			setPreview(null)
			return
		}
		const url = URL.createObjectURL(file)
		setPreview(url)
		return () => URL.revokeObjectURL(url)
	}, [file])

	async function choose(event: React.ChangeEvent<HTMLInputElement>) {
		const chosen = event.target.files?.[0]
		// The input is cleared each time so choosing the same file again still reports a change.
		event.target.value = ''
		if (!chosen) return
		const { chosenReceiptProblem } = await import('./upload-receipt')
		const reason = await chosenReceiptProblem(chosen)
		setProblem(reason && t(reason))
		// A refused file replaces nothing: the one chosen before (if any) stays, and no preview says otherwise.
		if (!reason) onChange(chosen)
	}

	function remove() {
		onChange(null)
		setProblem(null)
		input.current?.focus()
	}

	return (
		<div className="receipt-picker">
			<label htmlFor={inputId} className={disabled ? 'receipt-drop disabled' : 'receipt-drop'}>
				<span aria-hidden="true" className="receipt-drop-icon">
					⇪
				</span>
				<span className="receipt-drop-title">{t('checkout.receipt.pick')}</span>
				<span className="muted small">{t('checkout.receipt.kinds')}</span>
				<input
					ref={input}
					id={inputId}
					className="receipt-input"
					type="file"
					name="receipt"
					accept="image/*"
					disabled={disabled}
					required={required}
					aria-invalid={problem ? true : undefined}
					aria-describedby={problem ? problemId : undefined}
					onChange={(event) => void choose(event)}
				/>
			</label>
			{/* Without scripts there is no preview: the page's style shows this line once a file is chosen. */}
			<p className="receipt-chosen small">{t('checkout.receipt.chosen')}</p>
			{problem ? (
				<p className="error-box receipt-problem" role="alert" id={problemId}>
					{problem}
				</p>
			) : null}
			{file ? (
				<div className="receipt-preview">
					{preview && !previewFailed ? (
						<img src={preview} alt={t('checkout.receipt.previewAlt')} onError={() => setPreviewFailed(true)} />
					) : (
						<p className="receipt-no-preview muted">{t('checkout.receipt.noPreview')}</p>
					)}
					<div className="receipt-file">
						<p className="small">
							<bdi className="receipt-file-name">{file.name}</bdi> <bdi className="muted">({sizeText(file.size)})</bdi>
						</p>
						<button type="button" className="link-button" onClick={remove} disabled={disabled}>
							{t('checkout.receipt.remove')}
						</button>
					</div>
				</div>
			) : null}
		</div>
	)
}
