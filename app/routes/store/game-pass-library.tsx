import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { useDeferredValue, useMemo } from 'react'
import { Form, useSearchParams } from 'react-router'
import { db } from '~/db/client.server'
import { filterLibrary, gameCount, genresOf } from '~/domain/library/filter-library'
import { listLibrary } from '~/domain/library/list-library.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/game-pass-library'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Game Pass Ultimate Library',
		description: 'Search the Xbox Game Pass Ultimate library: hundreds of console and PC games by title and genre, with what is trending now.',
	})

export async function loader() {
	return { games: await listLibrary(db()) }
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export default function GamePassLibrary({ loaderData }: Route.ComponentProps) {
	const { games } = loaderData
	const [params, setParams] = useSearchParams()
	const search = params.get('q') ?? ''
	const genre = params.get('genre') ?? ''
	const deferredSearch = useDeferredValue(search)
	const genres = useMemo(() => genresOf(games), [games])
	const { all, trending } = useMemo(() => filterLibrary(games, { search: deferredSearch, genre }), [games, deferredSearch, genre])

	function update(key: 'q' | 'genre', value: string) {
		const next = new URLSearchParams(params)
		if (value) next.set(key, value)
		else next.delete(key)
		setParams(next, { replace: true, preventScrollReset: true })
	}

	return (
		<div className="container page">
			<h1>Game Pass Ultimate Library</h1>
			{/* Works without JavaScript as a GET form; with it, results filter as you type. */}
			<Form method="get" className="library-filters" role="search" onSubmit={(e) => e.preventDefault()}>
				<label className="sr-only" htmlFor="library-search">
					Search games
				</label>
				<input id="library-search" type="search" name="q" placeholder="Search games…" value={search} onChange={(e) => update('q', e.target.value)} />
				<label className="sr-only" htmlFor="library-genre">
					Genre
				</label>
				<select id="library-genre" name="genre" value={genre} onChange={(e) => update('genre', e.target.value)}>
					<option value="">All Genres</option>
					{genres.map((g) => (
						<option key={g} value={g}>
							{g}
						</option>
					))}
				</select>
				<noscript>
					<button type="submit" className="button ghost">
						Search
					</button>
				</noscript>
			</Form>

			<section className="section" aria-labelledby="trending-title">
				<h2 id="trending-title">
					Trending Now / Most Popular <span className="count">{gameCount(trending.length)}</span>
				</h2>
				{trending.length === 0 ? (
					<p className="empty-state">No games match your filters.</p>
				) : (
					<ul className="game-grid">
						{trending.map((g) => (
							<li key={g.title} className="game trending">
								<span className="top-badge">Top</span>
								<span className="game-title">{g.title}</span>
								<span className="muted small">{g.genre}</span>
							</li>
						))}
					</ul>
				)}
			</section>

			<section className="section" aria-labelledby="all-title">
				<h2 id="all-title">
					All Titles <span className="count">{gameCount(all.length)}</span>
				</h2>
				{all.length === 0 ? (
					<p className="empty-state">No games found matching your criteria</p>
				) : (
					<ul className="game-list">
						{all.map((g) => (
							<li key={g.title} className="game">
								<span className="game-title">{g.title}</span>
								<span className="muted small">{g.genre}</span>
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	)
}
