import { Link } from 'react-router'
import { useFill } from '~/components/content/fill'
import { aboutStory } from '~/content/site'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'About Us',
		description: 'A small team of Pakistani gamers making subscriptions, gift cards and games easy to buy in rupees.',
	})

export default function About() {
	const fill = useFill()
	return (
		<div className="container page narrow">
			<h1>About Us</h1>
			{aboutStory.map((p, i) => (
				<p key={i}>{fill(p)}</p>
			))}
			<div className="stats">
				<div className="stat">
					<strong>4%</strong>
					<span>Profit Of Every Sale Donated</span>
				</div>
			</div>
			<Link to="/palestine-initiative" className="button primary">
				Our Palestine Initiative
			</Link>
		</div>
	)
}
