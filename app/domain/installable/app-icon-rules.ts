// The owner's app icon (/admin/store): its limits and sentences, for the console and the server
// (set-app-icon.server.ts). Browser-safe.

export const APP_ICON_MAX_BYTES = 8 * 1024 * 1024
/** The manifest's largest icon is 512 px: a smaller picture would be blurred on a phone's home screen. */
export const APP_ICON_MIN_SIDE = 512
/** The store setting that names the uploaded icon's files; unset: the shop's logo. */
export const APP_ICON_SETTING = 'app.icon'

export const APP_ICON_MISSING = 'Please choose the icon’s image to upload.'
export const APP_ICON_TOO_LARGE = 'The icon is larger than 8 MB. Please upload a smaller file.'
export const APP_ICON_NOT_IMAGE = 'The app icon must be a PNG, JPEG or WebP image.'
export const APP_ICON_UNREADABLE = 'The icon could not be read: it may be damaged or cut short. Please save it again and upload it.'
export const appIconNotSquare = (width: number, height: number) => `The app icon must be square (as wide as it is tall): this one is ${width} × ${height} pixels.`
export const appIconTooSmall = (side: number) => `The app icon must be at least ${APP_ICON_MIN_SIDE} × ${APP_ICON_MIN_SIDE} pixels: this one is ${side} × ${side}.`

const FIXED = [APP_ICON_MISSING, APP_ICON_TOO_LARGE, APP_ICON_NOT_IMAGE, APP_ICON_UNREADABLE]
const SIZED = [/^The app icon must be square \(as wide as it is tall\): this one is \d{1,6} × \d{1,6} pixels\.$/, /^The app icon must be at least 512 × 512 pixels: this one is \d{1,6} × \d{1,6}\.$/]

/** Whether a sentence sent back in the address is one of the upload's own: a link cannot make the console say something else. */
export const isAppIconProblem = (text: string) => FIXED.includes(text) || SIZED.some((r) => r.test(text))
