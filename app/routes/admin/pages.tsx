import { Link } from 'react-router'
import { AdminTime } from '~/components/admin/admin-time'
import { db } from '~/db/client.server'
import { listPolicyPages } from '~/domain/pages/policy-pages.server'
import { requireStaff } from '~/http/staff-auth.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/pages'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Pages', description: 'The policy pages and the FAQ, edited as Markdown.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	return { pages: await listPolicyPages(db()) }
}

export default function Pages({ loaderData }: Route.ComponentProps) {
	return (
		<div className="staff-content staff-pages">
			<h1>Pages</h1>
			<p className="muted">The policies and the FAQ, linked from the footer of every page. Edit one to change its text; the shop’s own text stays one click away.</p>
			<ul className="content-page-list">
				{loaderData.pages.map((p) => (
					<li key={p.slug} className="content-page-item">
						<div>
							<h2>
								<Link to={`/admin/pages/${p.slug}`}>{p.title}</Link>
							</h2>
							<p className="muted small">
								{p.edited ? (
									<>
										Your text, saved <AdminTime date={p.updatedAt} />
									</>
								) : (
									'The shop’s own text'
								)}
								{' · '}
								<a href={`/${p.slug}`}>/{p.slug}</a>
							</p>
							<p className="muted small">
								{p.urdu.shows === 'owner' ? (
									<>
										Urdu: your text, saved <AdminTime date={p.urdu.updatedAt} />
									</>
								) : p.urdu.shows === 'shop' ? (
									'Urdu: the shop’s own text'
								) : (
									<strong>Urdu: none, so the Urdu page shows your English text</strong>
								)}
								{' · '}
								<a href={`/ur/${p.slug}`}>/ur/{p.slug}</a>
							</p>
						</div>
						<Link to={`/admin/pages/${p.slug}`} className="button ghost small" aria-label={`Edit ${p.title}`}>
							Edit
						</Link>
					</li>
				))}
			</ul>
		</div>
	)
}
