// The one refusal a save can be asked to take back: its own module (errors.js only), so the wizard's save
// panel can recognise it without loading the profile store before the user saves.

import {UserError} from '../domain/errors.js';

/** `--save NAME` or `profiles import` onto a name that exists, without overwrite: exit 2, nothing changed. */
export class ProfileExistsError extends UserError {
	readonly profileName: string;

	constructor(name: string, path: string) {
		super(`a profile named ${name} already exists in ${path}`, 'add --force to replace it');
		this.profileName = name;
	}
}
