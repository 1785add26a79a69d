/** The marks that steer text direction (isolates, embeddings, LRM/RLM): a page uses them inside its HTML, but in plain text (an email subject, a WhatsApp message) many apps show them, and an order number copied with them no longer matches. */
const DIRECTION_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Text without direction marks: an Urdu line reads right to left, and a Latin order number or price in it left to right, without them. */
export const withoutDirectionMarks = (text: string) => text.replace(DIRECTION_MARKS, '')
