import { Link, data } from 'react-router'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/not-found'

export function loader() {
	throw data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Page not found', description: 'This page does not exist.' })

export function ErrorBoundary() {
	return (
		<div className="container page narrow center">
			<h1>Page not found</h1>
			<p>We could not find that page.</p>
			<Link to="/" className="button primary">
				Return to Home
			</Link>
		</div>
	)
}

export default function NotFound() {
	return null
}
