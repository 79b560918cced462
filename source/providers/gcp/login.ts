// How SSH reaches a GCP instance. With OS Login on (project metadata `enable-oslogin=TRUE`, or enforced by the
// organization policy constraints/compute.requireOsLogin), `ssh-keys` metadata is ignored and every SSH
// attempt fails ("Permission denied (publickey)"): the run's key is then imported into the caller's OS Login
// profile (OS Login API v1 users.importSshPublicKey, parent `users/{email}`, with an expiry at the TTL) and
// SSH uses the username of the profile's primary posixAccount. Otherwise the key goes in `ssh-keys` as
// `netplace` with instance-level `enable-oslogin=FALSE`. After each instance exists, its
// resourceStatus.effectiveInstanceMetadata.enableOsloginMetadataValue says what the instance really
// enforces: true despite FALSE (a policy) switches the run to OS Login.

import type {LedgerEntry} from '../ledger.js';
import type {GcpClients, GcpInstance, GcpProject} from './clients.js';
import {type GcpLoginMode, gcpSshUser} from './instance-body.js';
import {gcpDeleteCommands} from './names.js';

/** `enable-oslogin` in the project's common instance metadata (TRUE/true/1 turn it on). */
export function projectOsLogin(project: GcpProject): boolean {
	const value = project.commonInstanceMetadata?.items?.find((item) => item.key === 'enable-oslogin')?.value;
	return /^(true|1|y|yes)$/i.test(value?.trim() ?? '');
}

export interface GcpLoginOptions {
	readonly clients: GcpClients;
	readonly project: string;
	readonly publicKey: string;
	/** When the imported key stops working (the run's TTL), ms since the epoch. */
	readonly expiresAtMs: number;
	readonly record: (entry: LedgerEntry) => void;
	readonly say: (text: string) => void;
}

export class GcpLogin {
	private imported: Promise<string> | undefined;
	private switched = false;

	constructor(
		readonly mode: GcpLoginMode,
		private readonly options: GcpLoginOptions,
	) {}

	/** The plan/notes line for the mode the run started with. */
	describe(): string {
		return this.mode === 'os-login'
			? "login: OS Login (project metadata enable-oslogin=TRUE): the run's key imported to your account, SSH as its POSIX user"
			: `login: ssh-keys metadata as ${gcpSshUser}, instance-level enable-oslogin=FALSE`;
	}

	/** Before instances exist: with OS Login, import the key now (the username is needed for SSH). */
	async prepare(): Promise<void> {
		if (this.mode === 'os-login') await this.importKey();
	}

	/** The SSH username for a created instance, switching to OS Login where the instance enforces it. */
	async usernameFor(instance: GcpInstance): Promise<string> {
		const enforced = instance.resourceStatus?.effectiveInstanceMetadata?.enableOsloginMetadataValue === true;
		if (this.mode === 'os-login') return this.importKey();
		if (!enforced) return gcpSshUser;
		if (!this.switched) {
			this.switched = true;
			this.options.say(
				`${instance.name ?? 'the instance'} enforces OS Login despite enable-oslogin=FALSE (an organization policy such as compute.requireOsLogin): using OS Login`,
			);
		}

		return this.importKey();
	}

	private async importKey(): Promise<string> {
		this.imported ??= this.importOnce().catch((error: unknown) => {
			this.imported = undefined;
			throw error;
		});
		return this.imported;
	}

	private async importOnce(): Promise<string> {
		const {clients, project, publicKey} = this.options;
		const email = await clients.account();
		const parent = `users/${email}`;
		const [answer] = await clients.osLogin.importSshPublicKey({
			parent,
			projectId: project,
			sshPublicKey: {key: publicKey, expirationTimeUsec: String(this.options.expiresAtMs * 1000)},
		});
		const profile = answer.loginProfile;
		const key = Object.values(profile?.sshPublicKeys ?? {}).find((entry) => entry.key?.trim() === publicKey.trim());
		const fingerprint = key?.fingerprint ?? '';
		if (fingerprint) {
			this.options.record({
				kind: 'os-login-key',
				id: fingerprint,
				deleteCommand: gcpDeleteCommands.osLoginKey(fingerprint, project),
				remove: async () => {
					await clients.osLogin.deleteSshPublicKey({name: key?.name ?? `${parent}/sshPublicKeys/${fingerprint}`});
				},
			});
		}

		const accounts = profile?.posixAccounts ?? [];
		const username = (accounts.find((account) => account.primary) ?? accounts[0])?.username;
		if (!username) throw new Error(`OS Login gave no POSIX username for ${email}`);
		this.options.say(`login: OS Login as ${username} (key ${fingerprint || 'imported'}, expires with the TTL)`);
		return username;
	}
}
