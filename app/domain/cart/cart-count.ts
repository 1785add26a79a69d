/** How many items the cart holds, and the header badge's text for it. Apart from the rest of the cart:
 *  every page's header shows the badge, and the rest loads only once a cart is saved or changed. */
export const cartCount = (items: readonly { quantity: number }[]) => items.reduce((n, i) => n + i.quantity, 0)
export const cartBadge = (count: number) => (count > 99 ? '99+' : String(count))
