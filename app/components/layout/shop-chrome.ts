// The shop's frame around every buyer's page: loaded on its own by app/root.tsx, so staff console
// pages never download the cart, the chat button or the shop's header and footer.
export { CartProvider } from '../cart/cart-context'
export { CartDrawer } from './cart-drawer-slot'
export { ChatMessageProvider } from './chat-button'
export { SiteHeader } from './site-header'
export { ServerHtml } from './server-html'
