// Part of `npm run build`: the Urdu catalogue must name exactly the English keys, with the same {places}.
import { catalogueProblems } from '../app/i18n/check-catalogues'
import { en } from '../app/i18n/en'
import { ur } from '../app/i18n/ur'

const problems = catalogueProblems(en, ur, 'ur')
if (problems.length) {
	console.error(`The message catalogues differ (app/i18n/):\n  ${problems.join('\n  ')}`)
	process.exit(1)
}
console.log(`Message catalogues: ${Object.values(en).reduce<number>((n, ns) => n + Object.keys(ns).length, 0)} messages in English and Urdu.`)
