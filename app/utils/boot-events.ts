/** Dispatched on window once the app has hydrated; the boot script then repeats a tap it kept. */
export const HYDRATED_EVENT = 'shop:hydrated'
