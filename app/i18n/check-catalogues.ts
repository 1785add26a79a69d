import { placesOf } from './format'

type AnyCatalogue = Record<string, Record<string, string>>

/**
 * What is wrong between the English catalogue and another language's: a namespace or key missing or
 * extra, a message blank, or {places} that differ. Empty when they match. The build runs it
 * (scripts/check-messages.ts), so a catalogue out of step never ships.
 */
export function catalogueProblems(reference: AnyCatalogue, other: AnyCatalogue, otherName: string): string[] {
	const problems: string[] = []
	for (const ns of new Set([...Object.keys(reference), ...Object.keys(other)])) {
		const ours = reference[ns]
		const theirs = other[ns]
		if (!ours) problems.push(`${otherName}: namespace ${ns} is not in English`)
		if (!theirs) problems.push(`${otherName}: namespace ${ns} is missing`)
		if (!ours || !theirs) continue
		for (const key of Object.keys(ours)) {
			const message = theirs[key]
			if (message === undefined) problems.push(`${otherName}: ${ns}.${key} is missing`)
			else if (!message.trim()) problems.push(`${otherName}: ${ns}.${key} is blank`)
			else if (placesOf(message).join() !== placesOf(ours[key]!).join()) problems.push(`${otherName}: ${ns}.${key} has places {${placesOf(message).join('}, {')}}, English has {${placesOf(ours[key]!).join('}, {')}}`)
		}
		for (const key of Object.keys(theirs)) if (!(key in ours)) problems.push(`${otherName}: ${ns}.${key} is not in English`)
	}
	return problems
}
