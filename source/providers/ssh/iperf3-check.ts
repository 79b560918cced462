// Is iperf3 on the host, and if not, how would its own package manager install it: read from
// /etc/os-release (ID and ID_LIKE), never guessed past what it says. Nothing is installed here.

import type {ExecResult} from '../provider.js';

export type Exec = (argv: readonly string[]) => Promise<ExecResult>;

export type Iperf3Presence =
	| {readonly found: true; readonly version: string}
	| {readonly found: false; readonly install: string | null; readonly system: string | null};

const families: ReadonlyArray<{readonly ids: readonly string[]; readonly command: string}> = [
	{ids: ['debian', 'ubuntu'], command: 'sudo apt-get install -y iperf3'},
	{ids: ['fedora', 'rhel', 'centos', 'rocky', 'almalinux', 'amzn', 'ol'], command: 'sudo dnf install -y iperf3'},
	{ids: ['suse', 'opensuse', 'sles'], command: 'sudo zypper install -y iperf3'},
	{ids: ['alpine'], command: 'sudo apk add iperf3'},
	{ids: ['arch'], command: 'sudo pacman -S --noconfirm iperf3'},
];

function field(text: string, name: string): string | null {
	const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}=`));
	if (line === undefined) return null;
	return line
		.slice(name.length + 1)
		.trim()
		.replaceAll(/^["']|["']$/g, '');
}

/** /etc/os-release -> the install command for iperf3 (null: a system this does not know) and its name. */
export function installHint(osRelease: string): {readonly install: string | null; readonly system: string | null} {
	const ids = [field(osRelease, 'ID'), ...(field(osRelease, 'ID_LIKE') ?? '').split(/\s+/)]
		.filter((id): id is string => id !== null && id !== '')
		.map((id) => id.toLowerCase());
	const name = field(osRelease, 'PRETTY_NAME') ?? field(osRelease, 'NAME');
	const system = name === null ? null : name.replaceAll(/[^\x20-\x7e]/g, '').slice(0, 60);
	const family = families.find((candidate) => candidate.ids.some((id) => ids.includes(id)));
	return {install: family?.command ?? null, system};
}

/** `iperf3 --version` on the host; when it is not there, how to install it. */
export async function checkIperf3(exec: Exec): Promise<Iperf3Presence> {
	const version = await exec(['iperf3', '--version']);
	if (version.code === 0) {
		const first = `${version.stdout}`.split('\n')[0]?.trim() ?? '';
		return {found: true, version: first.replaceAll(/[^\x20-\x7e]/g, '').slice(0, 80)};
	}

	const release = await exec(['cat', '/etc/os-release']);
	return {found: false, ...installHint(release.code === 0 ? release.stdout : '')};
}

/** "iperf3 is not on ubuntu@10.0.0.6 (Ubuntu 24.04 LTS): install it with `sudo apt-get install -y iperf3`". */
export function missingText(where: string, presence: Extract<Iperf3Presence, {found: false}>): string {
	const system = presence.system === null ? '' : ` (${presence.system})`;
	const how =
		presence.install === null
			? 'install iperf3 with its package manager (apt: apt-get install iperf3; dnf: dnf install iperf3)'
			: `install it with \`${presence.install}\``;
	return `iperf3 is not on ${where}${system}: ${how}`;
}
