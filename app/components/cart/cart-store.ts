// What the cart does beyond opening and closing (its lines' rules, reading a saved cart, asking the
// server's prices): a chunk of its own, loaded by the first change to the cart, by a saved cart, or
// with the drawer. A page read without touching the cart never downloads it.
export { cartReducer, parseStoredCart } from '~/domain/cart/cart'
export { fetchCartPrices } from './cart-prices'
