// Where netplace keeps what the user saves (profiles, probe results). conf picks the platform's
// config folder (e.g. ~/.config/netplace on Linux); NETPLACE_CONFIG_DIR redirects it (tests set it).

export const projectName = 'netplace';

/** conf's `cwd` option: undefined means conf's platform default. */
export function configCwd(): string | undefined {
	const dir = process.env['NETPLACE_CONFIG_DIR'];
	return dir && dir.length > 0 ? dir : undefined;
}
