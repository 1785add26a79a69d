// What every console form's action answers, one shape on every screen: done, with the sentence the
// page shows, or refused, with the sentence (and a sentence per field, and what was typed, to show
// the form again). A screen adds what it shows besides (`Done`, `Refused`).

export type Outcome<Done extends object = object, Refused extends object = object> =
	| ({ ok: true; message: string; intent?: string; at?: number } & Done)
	| ({ ok: false; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } & Refused)
