export const gamePassBenefits: string[] = [
	'Hundreds of high-quality games to play, with new titles added all the time',
	'Day-one releases: play new games on the day they launch',
	'EA Play membership included, with EA favourites and member rewards',
	'Online multiplayer with friends on console',
	'Cloud gaming: stream selected games without waiting for downloads',
	'Member discounts on games and add-ons',
	'Play on Xbox console or Windows PC with the matching edition',
]
