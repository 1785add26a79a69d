import { Link } from 'react-router'
import { ServiceGrid } from '~/components/home/service-grid'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/services'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Our Services',
		description: 'Game subscriptions, gift cards, game keys and accounts for Xbox, PlayStation and PC, with fast delivery and 24/7 support.',
	})

export default function Services() {
	return (
		<div className="container page">
			<h1>Our Services</h1>
			<ServiceGrid headingLevel="h2" />
			<p className="center">
				<Link to="/products" className="button primary">
					Browse All Products
				</Link>
			</p>
		</div>
	)
}
