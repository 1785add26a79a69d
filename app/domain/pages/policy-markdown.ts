import type { PolicyPage } from '../../content/policies'

// The shop's own policy texts (app/content/policies.ts) as Markdown: what the editor starts from
// and what "Restore default" brings back. The intro is the first paragraph; each section is a
// '## heading' with its paragraphs and bullets, which is also how the FAQ reads: '## Question'
// and the answer under it.

/** Characters Markdown would read as formatting; the shop's texts mean them as text. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>|])/g, '\\$1')

export function policyMarkdown(page: PolicyPage): string {
	const blocks = [escapeMarkdown(page.intro)]
	for (const section of page.sections) {
		blocks.push(`## ${escapeMarkdown(section.heading)}`)
		for (const paragraph of section.paragraphs) blocks.push(escapeMarkdown(paragraph))
		if (section.bullets?.length) blocks.push(section.bullets.map((b) => `- ${escapeMarkdown(b)}`).join('\n'))
	}
	return blocks.join('\n\n')
}
