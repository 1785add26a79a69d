import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher, useNavigation, useSearchParams } from 'react-router'
import { db } from '~/db/client.server'
import type { GameLibraryEntry } from '~/domain/catalogue/types'
import { filterLibrary, genresOf, libraryHref, libraryPage, parseLibraryPage } from '~/domain/library/filter-library'
import { listLibrary } from '~/domain/library/list-library.server'
import { contentMeta } from '~/components/content/content-meta'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/game-pass-library'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.library.title', 'content.library.description')

/** One page of "All Titles" (a phone gets ~48 titles, not 436); search, genre and page are in the address. */
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const filter = { search: url.searchParams.get('q') ?? '', genre: url.searchParams.get('genre') ?? '' }
	const games = await listLibrary(db())
	const { all, trending } = filterLibrary(games, filter)
	const page = libraryPage(all, parseLibraryPage(url.searchParams.get('page')))
	return {
		filter,
		genres: genresOf(games),
		trending,
		total: all.length,
		titles: page.items,
		page: page.page,
		pageCount: page.pageCount,
		first: page.first,
		last: page.last,
		messages: contentMessages(langOf(url.pathname), 'library'),
	}
}

const SEARCH_DELAY_MS = 300

export default function GamePassLibrary({ loaderData }: Route.ComponentProps) {
	const { filter, genres, trending, total } = loaderData
	const t = useT()
	const [params, setParams] = useSearchParams()
	const navigation = useNavigation()
	const [text, setText] = useState(filter.search)
	const typing = useRef<ReturnType<typeof setTimeout>>(undefined)
	const sent = useRef(filter.search)

	// Back and forward (or a link) change the search: show it, but never undo what the buyer is typing.
	useEffect(() => {
		if (filter.search === sent.current) return
		sent.current = filter.search
		setText(filter.search)
	}, [filter.search])
	useEffect(() => () => clearTimeout(typing.current), [])

	function update(key: 'q' | 'genre', value: string) {
		const next = new URLSearchParams(params)
		if (value) next.set(key, value)
		else next.delete(key)
		next.delete('page')
		setParams(next, { replace: true, preventScrollReset: true })
	}

	function onSearch(value: string) {
		setText(value)
		clearTimeout(typing.current)
		// One request when the buyer pauses, not one per letter on a slow link.
		typing.current = setTimeout(() => {
			sent.current = value.trim() ? value : ''
			update('q', sent.current)
		}, SEARCH_DELAY_MS)
	}

	return (
		<div className="container page">
			<h1>{t('content.library.title')}</h1>
			{/* Works without JavaScript as a GET form; with it, results follow the search as you type. */}
			<Form method="get" className="library-filters" role="search" onSubmit={(e) => e.preventDefault()}>
				<label className="sr-only" htmlFor="library-search">
					{t('content.library.searchLabel')}
				</label>
				<input id="library-search" type="search" name="q" placeholder={t('content.library.searchPlaceholder')} value={text} onChange={(e) => onSearch(e.target.value)} />
				<label className="sr-only" htmlFor="library-genre">
					{t('content.library.genreLabel')}
				</label>
				<select id="library-genre" name="genre" value={filter.genre} onChange={(e) => update('genre', e.target.value)}>
					<option value="">{t('content.library.allGenres')}</option>
					{genres.map((g) => (
						<option key={g} value={g}>
							{g}
						</option>
					))}
				</select>
				<noscript>
					<button type="submit" className="button ghost">
						{t('content.library.search')}
					</button>
				</noscript>
			</Form>

			<div aria-busy={navigation.state === 'loading'} className="library-results">
				<section className="section" aria-labelledby="trending-title">
					<h2 id="trending-title">
						{t('content.library.trending')} <span className="count">{t('content.library.count', { count: trending.length })}</span>
					</h2>
					{trending.length === 0 ? (
						<p className="empty-state">{t('content.library.noMatch')}</p>
					) : (
						<ul className="game-grid">
							{trending.map((g) => (
								<li key={g.title} className="game trending">
									<span className="top-badge">{t('content.library.top')}</span>
									<GameTitle game={g} />
								</li>
							))}
						</ul>
					)}
				</section>

				<section className="section" aria-labelledby="all-title">
					<h2 id="all-title">
						{t('content.library.allTitles')} <span className="count">{t('content.library.count', { count: total })}</span>
					</h2>
					{total === 0 ? (
						<p className="empty-state">{t('content.library.noneFound')}</p>
					) : (
						<AllTitles key={`${filter.search}\n${filter.genre}\n${loaderData.page}`} data={loaderData} />
					)}
				</section>
			</div>
		</div>
	)
}

type LibraryData = Route.ComponentProps['loaderData']

/** A title of the library and its genre, as each list shows them. */
function GameTitle({ game }: { game: GameLibraryEntry }) {
	return (
		<>
			<span className="game-title">
				<bdi>{game.title}</bdi>
			</span>
			<span className="muted small">{game.genre}</span>
		</>
	)
}

/**
 * The page's titles, then "Show more": a link to the next page that works without scripts and,
 * once they run, appends the next page here instead.
 */
function AllTitles({ data }: { data: LibraryData }) {
	const { filter, total, page, pageCount, first } = data
	const t = useT()
	const lp = useLocalePath()
	const fetcher = useFetcher<LibraryData>()
	const [more, setMore] = useState<{ titles: GameLibraryEntry[]; last: number; page: number }>({ titles: [], last: data.last, page })

	useEffect(() => {
		const next = fetcher.data
		if (fetcher.state !== 'idle' || !next || next.page <= more.page) return
		setMore({ titles: [...more.titles, ...next.titles], last: next.last, page: next.page })
	}, [fetcher.state, fetcher.data, more])

	const titles = more.titles.length ? [...data.titles, ...more.titles] : data.titles
	const nextPage = more.page < pageCount ? more.page + 1 : null
	const loading = fetcher.state !== 'idle'

	return (
		<>
			<ul className="game-list">
				{titles.map((g) => (
					<li key={g.title} className="game">
						<GameTitle game={g} />
					</li>
				))}
			</ul>
			<nav className="library-pager" aria-label={t('content.library.moreTitles')}>
				<p className="muted small" role="status">
					{t('content.library.showing', { first, last: more.last, total })}
				</p>
				<div className="library-pager-links">
					{page > 1 ? (
						<Link className="button ghost" to={lp(libraryHref(filter, page - 1))} preventScrollReset={false}>
							{t('content.library.previous')}
						</Link>
					) : null}
					{nextPage ? (
						<Link
							className="button primary"
							to={lp(libraryHref(filter, nextPage))}
							aria-disabled={loading || undefined}
							onClick={(e) => {
								e.preventDefault()
								if (!loading) fetcher.load(lp(libraryHref(filter, nextPage)))
							}}
						>
							{loading ? t('content.library.loading') : t('content.library.showMore')}
						</Link>
					) : null}
				</div>
			</nav>
		</>
	)
}
