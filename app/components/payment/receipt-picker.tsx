import { useEffect, useId, useRef, useState } from 'react'

// The server checks the bytes too; these are the same limits, told before a slow upload.
import { RECEIPT_MAX_BYTES, RECEIPT_NOT_IMAGE, RECEIPT_TOO_LARGE } from '~/domain/payments/receipt-rules'

// Some phones give HEIC photos no type at all: the name decides then.
const IMAGE_NAME = /\.(png|jpe?g|webp|gif|heic|heif)$/i

/** Why a chosen file cannot be a receipt, or null when it can. */
export function receiptProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
	const isImage = file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name)
	if (!isImage) return RECEIPT_NOT_IMAGE
	if (file.size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_LARGE
	return null
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`)

/** Choose the transfer screenshot: checked here, previewed, removable. */
export function ReceiptPicker({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
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

	function choose(event: React.ChangeEvent<HTMLInputElement>) {
		const chosen = event.target.files?.[0]
		// The input is cleared each time so choosing the same file again still reports a change.
		event.target.value = ''
		if (!chosen) return
		const reason = receiptProblem(chosen)
		setProblem(reason)
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
				<span className="receipt-drop-title">Upload payment receipt</span>
				<span className="muted small">
					PNG, JPG up to 10MB
				</span>
				<input
					ref={input}
					id={inputId}
					className="receipt-input"
					type="file"
					name="receipt"
					accept="image/*"
					disabled={disabled}
					aria-invalid={problem ? true : undefined}
					aria-describedby={problem ? problemId : undefined}
					onChange={choose}
				/>
			</label>
			{problem ? (
				<p className="error-box receipt-problem" role="alert" id={problemId}>
					{problem}
				</p>
			) : null}
			{file ? (
				<div className="receipt-preview">
					{preview && !previewFailed ? (
						<img src={preview} alt="Payment receipt preview" onError={() => setPreviewFailed(true)} />
					) : (
						<p className="receipt-no-preview muted">No preview for this image type, it will still be uploaded.</p>
					)}
					<div className="receipt-file">
						<p className="small">
							<span className="receipt-file-name">{file.name}</span> <span className="muted">({sizeText(file.size)})</span>
						</p>
						<button type="button" className="link-button" onClick={remove} disabled={disabled}>
							Remove receipt
						</button>
					</div>
				</div>
			) : null}
		</div>
	)
}
