// The Game Pass terms a buyer accepts before paying (§2 Game Pass terms). The spec ties them to
// products 1 (console, with the shared-account warning) and 10 (PC); decision 11 would make this a
// setting on the product.
const TERMS_PAGES: Record<number, '/game-pass-terms' | '/game-pass-pc-terms'> = {
	1: '/game-pass-terms',
	10: '/game-pass-pc-terms',
}

export function termsPageFor(productId: number) {
	return TERMS_PAGES[productId] ?? null
}
