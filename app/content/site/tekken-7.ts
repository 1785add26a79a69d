import type { ContentGroup } from './types'

export const tekken7Content: ContentGroup[] = [
	{
		heading: 'Tekken 7: Game Modes',
		items: [
			'The Mishima Saga story mode, which settles the feud between Heihachi and Kazuya',
			'Character Episodes for the fighters on the roster',
			'Arcade Battle, Treasure Battle, Practice and offline Versus',
			'Online Ranked Matches, Player Matches and Online Tournaments',
			'Deep character customisation and a Gallery of art and movies from the series',
		],
	},
	{
		heading: 'Base Roster Highlights',
		items: [
			'The Mishima family: Kazuya Mishima, Heihachi Mishima, Jin Kazama and Kazumi Mishima',
			'Series favourites: King, Paul Phoenix, Yoshimitsu, Nina Williams, Hwoarang, Bryan Fury, Ling Xiaoyu and Asuka Kazama',
			'Newcomers: Claudio Serafino, Shaheen, Katarina Alves, Lucky Chloe, Josie Rizal, Gigas and Master Raven',
			'Akuma, guest fighter from Street Fighter',
		],
	},
	{
		heading: 'Season Pass and DLC Fighters',
		items: [
			'Eliza, the vampire princess from Tekken Revolution',
			'Guest fighters Geese Howard from Fatal Fury and Noctis Lucis Caelum from Final Fantasy XV',
			'Negan from The Walking Dead',
			'Returning favourites Anna Williams, Lei Wulong, Craig Marduk, Armor King and Julia Chang',
			'Zafina, Ganryu and newcomers Leroy Smith, a Wing Chun master, and Fahkumram, a Muay Thai fighter',
			'Kunimitsu and Lidia Sobieska',
			'The DLC included depends on the edition shown on the product page. Ask us before buying if you are not sure.',
		],
	},
	{
		heading: 'Stages and Extras',
		items: [
			'Classic stages such as Mishima Dojo, Arctic Snowfall, Jungle Outpost, Infinite Azure, Souq, Devil\'s Pit and Kinder Gym',
			'Hammerhead, the Final Fantasy XV stage that comes with Noctis',
			'Island Paradise, the beach resort stage that comes with Lidia Sobieska',
			'Ultimate TEKKEN BOWL bonus mode',
			'Extra costumes and customisation items from the DLC packs',
		],
	},
]
