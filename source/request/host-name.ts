// A host the user names to reach (a DNS name, an IPv4 or an IPv6 address): checked before any command runs,
// so nothing typed can reach a program as one of its options. Pure.

/** Letters, digits, dots, dashes, underscores and colons (IPv6), not starting with a dash; at most 253. */
const hostPattern = /^[A-Za-z0-9_.:][A-Za-z0-9_.:-]{0,252}$/;

/** The characters a host name takes, one at a time (the wizard's field refuses any other). */
export const hostCharacter = /^[A-Za-z0-9_.:-]$/;

/** The host as typed, trimmed, or null when it cannot be one. */
export function hostName(text: string): string | null {
	const trimmed = text.trim();
	return hostPattern.test(trimmed) ? trimmed : null;
}
