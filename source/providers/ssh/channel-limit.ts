// At most N channels open at once on one SSH connection. OpenSSH's sshd refuses sessions past its MaxSessions
// (default 10: the 11th `exec` fails "Channel open failure"), and the probe engine reads a host's facts and
// settings, starts its servers and samples its counters all at once. Commands wait their turn; a background
// process holds its channel until it exits. Two of sshd's ten stay free for the `kill` that stops a process.

export const defaultChannelLimit = 8;

export class ChannelLimit {
	private open = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly limit: number = defaultChannelLimit) {}

	/** Waits for a free channel; the returned function gives it back (once). */
	async acquire(): Promise<() => void> {
		if (this.open >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
		else this.open += 1;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			const next = this.waiting.shift();
			if (next) next();
			else this.open -= 1;
		};
	}

	/** Runs `work` on a channel of its own. */
	async run<T>(work: () => Promise<T>): Promise<T> {
		const release = await this.acquire();
		try {
			return await work();
		} finally {
			release();
		}
	}
}
