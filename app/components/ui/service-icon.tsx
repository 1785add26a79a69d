const PATHS = {
	gamepad: 'M6 9h2v2h2v2H8v2H6v-2H4v-2h2V9Zm9.5 1a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm3-2a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM7 5h10a5 5 0 0 1 5 5v4a5 5 0 0 1-9 3h-2a5 5 0 0 1-9-3v-4a5 5 0 0 1 5-5Z',
	gift: 'M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3h8V7h2v4h8V8a1 1 0 0 0-1-1ZM9 7a1 1 0 1 1 1-1v1H9Zm6 0h-1V6a1 1 0 1 1 1 1ZM4 13v7a1 1 0 0 0 1 1h6v-8H4Zm9 8h6a1 1 0 0 0 1-1v-7h-7v8Z',
	key: 'M7 14a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm5.7-4A6 6 0 1 0 12.7 14H17v3h3v-3h2v-4h-9.3Z',
	user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z',
	bolt: 'M13 2 4 14h7l-1 8 9-12h-7l1-8Z',
	headset: 'M12 2a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h3v1h-6v2h6a2 2 0 0 0 2-2v-10a9 9 0 0 0-9-9Z',
} as const

export function ServiceIcon({ name }: { name: keyof typeof PATHS }) {
	return (
		<svg className="service-icon" aria-hidden="true" viewBox="0 0 24 24" width="32" height="32">
			<path fill="currentColor" d={PATHS[name]} />
		</svg>
	)
}
