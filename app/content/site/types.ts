export interface Testimonial {
	/** Who said it, with their city: 'Ahmed R., Lahore'. */
	name: string
	text: string
	/** 1 to 5 stars. */
	rating: number
}

export type ServiceIcon = 'gamepad' | 'gift' | 'key' | 'user' | 'bolt' | 'headset'

export interface Service {
	title: string
	description: string
	icon: ServiceIcon
}

export interface FaqItem {
	question: string
	answer: string
}

export interface ImpactFigure {
	figure: string
	label: string
}

export interface ContentGroup {
	heading: string
	items: string[]
}
