// Marketing and page texts for the storefront.
// Placeholders {storeName}, {supportEmail} and {whatsapp} are filled in from store configuration.
// One module per page (re-exported here), so that each page ships only its own texts.

export * from './site/types'
export * from './site/home'
export * from './site/services'
export * from './site/about'
export * from './site/palestine-initiative'
export * from './site/game-pass'
export * from './site/gta-v'
export * from './site/tekken-7'
export * from './site/contact'
export * from './site/products'
