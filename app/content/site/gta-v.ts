import type { ContentGroup } from './types'

/** The Starter Pack's properties: names in the game, the same in every language. */
export const starterPackProperties: string[] = [
	'Maze Bank West Executive Office',
	'Paleto Forest Gunrunning Bunker',
	'Senora Desert Counterfeit Cash Factory',
	'Great Chaparral Biker Clubhouse',
	'1561 San Vitas Street Apartment',
	'1337 Exceptionalists Way 10-Car Garage',
]

export const gtaVContent: ContentGroup[] = [
	{
		heading: 'Grand Theft Auto V: Story Mode',
		items: [
			'The complete Grand Theft Auto V story, following Michael, Franklin and Trevor',
			'The huge open world of Los Santos and Blaine County',
			'Planned heists, chases and missions you can tackle your own way',
			'Switch between the three main characters at any time',
		],
	},
	{
		heading: 'Grand Theft Auto Online',
		items: [
			'Access to Grand Theft Auto Online and all its existing updates and content',
			'The Criminal Enterprise Starter Pack, worth over GTA$10,000,000 in GTA Online content',
			'GTA$1,000,000 bonus cash to spend in GTA Online',
			'Heists, businesses, races and missions to play with friends',
		],
	},
	{
		heading: 'Starter Pack Properties',
		items: starterPackProperties,
	},
	{
		heading: 'Starter Pack Vehicles, Weapons and Outfits',
		items: [
			'Vehicles: Dune FAV, Maibatsu Frogger, Enus Windsor, Obey Omnis, Invetero Coquette Classic, Grotti Turismo R, Pegassi Vortex, Enus Huntley S, Western Zombie Chopper and Bravado Banshee',
			'Weapons: Compact Grenade Launcher, Marksman Rifle and Compact Rifle',
			'Stunt Racing and Import/Export outfits',
			'Biker tattoos',
		],
	},
]
