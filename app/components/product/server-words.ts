import type { Translate } from '~/i18n/catalogue'
import catalogue from '~/i18n/en/catalogue'
import common from '~/i18n/en/common'
import { makeTranslate } from '~/i18n/translate'

/**
 * The English words of the parts of a product page only the server draws (the review form and list),
 * for a caller that passes no `t` of its own. Imported by server-drawn parts only, so no page's script
 * carries the catalogue.
 */
export const englishWords: Translate = makeTranslate({ catalogue, common })
