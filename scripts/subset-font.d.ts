declare module 'subset-font' {
	/** The font cut down to the glyphs `text` needs (harfbuzz, layout features kept). */
	export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' }): Promise<Buffer>
}
