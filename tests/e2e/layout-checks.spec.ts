import { test, expect } from './helpers'
import { clippedText, coveredAtFirstView, coveredControls, emojiInText, smallTapTargets, stuckAtTop, unfilledTokens, widerThanViewport } from './layout-checks'

// The layout checks themselves, on small pages built to hold each defect they look for (and the
// look-alikes they must let through), so a check that quietly stops seeing anything fails here.

test.use({ viewport: { width: 360, height: 740 } })

const page = (body: string, style = '') => `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>body { margin: 0; font: 16px/1.5 sans-serif; } ${style}</style></head><body>${body}</body></html>`

test('clippedText names text a fixed-height card cuts off and a select too narrow for its option, not sr-only text or scrolled text', async ({ page: p }) => {
	await p.setContent(
		page(`
		<article style="width: 150px; height: 70px; overflow: hidden; position: relative">
			<div style="position: absolute; inset: 0; overflow: hidden"><p>Card title</p><p>Rs. 4,000</p><p>Five stars</p></div>
		</article>
		<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">for screen readers</span>
		<div style="height: 40px; overflow-y: auto"><p>first</p><p>scrolled to</p><p>later</p></div>
		<select style="width: 90px"><option>1 Month - Rs. 1,200</option></select>
		<select style="width: 240px"><option>1 Month - Rs. 1,200</option></select>`),
	)
	const problems = await clippedText(p)
	expect(problems.join('\n')).toContain('"Rs. 4,000"')
	expect(problems.join('\n')).toContain('"Five stars"')
	expect(problems.join('\n')).toContain('shows "1 Month - Rs. 1,200" in 90px')
	expect(problems).toHaveLength(3)
})

test('clippedText sees text on a flip card face beyond the face, as the face is turned', async ({ page: p }) => {
	await p.setContent(
		page(`
		<div style="perspective: 1000px; width: 150px">
			<div style="position: relative; height: 100px; transform-style: preserve-3d">
				<div style="position: absolute; inset: 0; overflow: hidden; backface-visibility: hidden; transform: rotateY(180deg)">
					<p style="margin: 0 0 80px">Starting Price</p><p>View</p>
				</div>
			</div>
		</div>`),
	)
	expect((await clippedText(p)).join('\n')).toContain('"View"')
})

test('unfilledTokens names {placeholders} left in the text, not other braces', async ({ page: p }) => {
	await p.setContent(page('<p>{storeName} was started by gamers.</p><p>Message us at {whatsapp}.</p><p>{"json": 1} and { spaced }</p><p hidden>{hidden}</p>'))
	const problems = await unfilledTokens(p)
	expect(problems).toHaveLength(2)
	expect(problems[0]).toContain('{storeName}')
	expect(problems[1]).toContain('{whatsapp}')
})

test('emojiInText names characters only an emoji font draws, not text symbols', async ({ page: p }) => {
	await p.setContent(page('<p>🔒 Payments are secure. ★★★★★ ✓ ✕ ☰ ▲ ← © 1,000+</p>'))
	const problems = await emojiInText(p)
	expect(problems).toHaveLength(1)
	expect(problems[0]).toContain('🔒')
})

test('widerThanViewport names what sticks out past a 360 px screen, not what scrolls inside its own box', async ({ page: p }) => {
	await p.setContent(page('<div style="overflow-x: auto"><div style="width: 800px">a wide table that scrolls</div></div><p>fits</p>'))
	expect(await widerThanViewport(p)).toEqual([])
	await p.setContent(page('<section><div class="hero-actions" style="display: flex; width: 420px"><a>Browse</a></div></section>'))
	const problems = await widerThanViewport(p)
	expect(problems[0]).toBe('the page is 420px wide in a 360px viewport')
	expect(problems[1]).toContain('div.hero-actions')
})

test('smallTapTargets names small crowded targets, not small ones with room around them nor links in a sentence', async ({ page: p }) => {
	await p.setContent(
		page(`
		<div style="display: flex; gap: 2px"><button style="width: 16px; height: 16px; padding: 0">+</button><button style="width: 16px; height: 16px; padding: 0">−</button></div>
		<div style="margin-top: 60px"><button style="width: 16px; height: 16px; padding: 0">x</button></div>
		<p style="margin-top: 60px">Read our <a href="/terms">terms</a> before paying.</p>
		<div style="margin-top: 60px"><label style="display: inline-flex; gap: .5rem; padding: .75rem"><input type="radio" name="m" style="width: 16px; height: 16px; margin: 0">Card</label></div>
		<div style="margin-top: 60px"><button style="min-width: 44px; min-height: 44px">Add</button></div>`),
	)
	const problems = await smallTapTargets(p)
	expect(problems).toHaveLength(2)
	expect(problems[0]).toContain('button "+" is 16×16px')
	expect(problems[1]).toContain('button "−" is 16×16px')
})

test('coveredControls names controls a sticky header or a floating button hides, and passes once scroll-padding clears them', async ({ page: p }) => {
	const body = `
		<header style="position: sticky; top: 0; height: 110px; background: #111; z-index: 2">Shop</header>
		<main><div style="height: 900px"></div>
		<p style="display: flex; justify-content: flex-end"><button style="width: 120px; height: 44px">Check Prices</button></p>
		<div style="height: 900px"></div></main>
		<a class="chat-button" href="#" style="position: fixed; right: 16px; bottom: 16px; width: 56px; height: 56px; background: #25d366; z-index: 3">chat</a>`
	await p.setContent(page(body, 'html { scroll-padding-top: 80px; }'))
	const problems = await coveredControls(p)
	expect(problems).toEqual(['button "Check Prices" scrolled to the top is covered by sticky header'])

	await p.setContent(page(body, 'html { scroll-padding-top: 120px; }'))
	expect(await coveredControls(p)).toEqual(['button "Check Prices" scrolled to the bottom is covered by fixed a.chat-button'])

	await p.setContent(page(body, 'html { scroll-padding-top: 120px; scroll-padding-bottom: 88px; }'))
	expect(await coveredControls(p)).toEqual([])
})

test('stuckAtTop measures the bars that stay at the top once the page is scrolled', async ({ page: p }) => {
	await p.setContent(page('<header style="position: sticky; top: -40px"><p style="height: 40px; margin: 0">banner</p><div style="height: 60px">bar</div></header><div style="height: 3000px"></div>'))
	expect(await stuckAtTop(p)).toBe(60)
})

test('coveredAtFirstView names the control and the text a floating button sits on as the page opens, not what a header bar holds', async ({ page: p }) => {
	const bubble = '<a class="chat-button" href="#" aria-label="Chat" style="position: fixed; right: 12px; bottom: 12px; width: 56px; height: 56px; background: #25d366"></a>'
	await p.setContent(
		page(`
		<header style="position: sticky; top: 0; height: 60px; background: #111">Shop</header>
		<div style="height: 560px"></div>
		<h3 style="margin: 0 0 0 200px">Console Edition</h3>
		<div style="height: 20px"></div>
		<p style="display: flex; justify-content: flex-end; margin: 0"><button style="width: 200px; height: 44px">Buy Now</button></p>
		<div style="height: 900px"></div>${bubble}`),
	)
	const problems = await coveredAtFirstView(p)
	expect(problems).toEqual(['button "Buy Now" is under a.chat-button "Chat"'])

	await p.setContent(page(`<div style="height: 680px"></div><h3 style="margin: 0 0 0 200px; font-size: 40px">Console Edition</h3><div style="height: 900px"></div>${bubble}`))
	expect(await coveredAtFirstView(p)).toEqual(['text "Console Edition" (h3) is under a.chat-button "Chat"'])

	// The same button in the header bar covers nothing.
	await p.setContent(page(`<header style="position: sticky; top: 0; display: flex; justify-content: flex-end">${bubble.replace('position: fixed; right: 12px; bottom: 12px;', '')}</header><div style="height: 600px"></div><button style="width: 340px">Buy Now</button>`))
	expect(await coveredAtFirstView(p)).toEqual([])
})
