// A host the user names to reach (a DNS name, an IPv4 or an IPv6 address): checked before any command runs,
// so nothing typed can reach a program as one of its options. The one host check: the wizard's "measure it"
// and `--hosts` for `--provider ssh` both use it. Pure.

const hostNamePattern = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})$/;
const ipv6Pattern = /^[0-9A-Fa-f:.]{2,45}$/;

/** The characters a host takes, one at a time (the wizard's field refuses any other). */
export const hostCharacter = /^[A-Za-z0-9.:-]$/;

/** A host name or IPv4 address (no `..`, not starting with a dash), or an IPv6 address (two colons or more). */
export function isHost(host: string): boolean {
	const colons = host.split(':').length - 1;
	if (colons === 1) return false;
	return colons >= 2 ? ipv6Pattern.test(host) : hostNamePattern.test(host) && !host.includes('..');
}

/** The host as typed, trimmed, or null when it cannot be one. */
export function hostName(text: string): string | null {
	const trimmed = text.trim();
	return isHost(trimmed) ? trimmed : null;
}
