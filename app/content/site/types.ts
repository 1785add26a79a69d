export interface Testimonial {
	name: string
	city: string
	text: string
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
