import catalogue from './catalogue'
import checkout from './checkout'
import claims from './claims'
import common from './common'
import content from './content'
import email from './email'
import events from './events'
import errors from './errors'
import offline from './offline'
import order from './order'
import push from './push'
import suppliers from './suppliers'
import whatsapp from './whatsapp'

/** The English catalogue, one namespace a file: the reference the Urdu one must match. */
export const en = { common, catalogue, checkout, claims, order, content, email, push, whatsapp, offline, events, errors, suppliers }
