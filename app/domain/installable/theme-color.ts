/** The page colour behind the installed app and its icons (a module of its own: every page's root imports it, and nothing else of the manifest). */
export const SHOP_THEME_COLOR = '#0b0f14'
