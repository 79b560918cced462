// Shared by the lab probe tests: what a run left behind, by its run id and its namespaces' inodes.

import {execFileSync} from 'node:child_process';
import {readdirSync, readFileSync, readlinkSync, statSync} from 'node:fs';
import {delayLineProcesses} from '../../source/providers/lab/namespaces.js';

export const goodput = 0.955;

export function namespacesOf(runId: string): string[] {
	return execFileSync('ip', ['netns', 'list'], {encoding: 'utf8'})
		.split('\n')
		.map((line) => line.split(' ')[0] ?? '')
		.filter((name) => name.startsWith(`${runId}-`));
}

/** The network-namespace inode of each of the run's namespaces (while they exist). */
export function namespaceInodes(runId: string): number[] {
	return namespacesOf(runId).map((name) => statSync(`/run/netns/${name}`).ino);
}

/**
 * The inodes of namespaces other runs hold by name now. The kernel hands a freed namespace inode to the next
 * namespace created, so once this run's are gone a test running beside it may hold the same numbers.
 */
function othersInodes(runId: string): Set<number> {
	const names = execFileSync('ip', ['netns', 'list'], {encoding: 'utf8'})
		.split('\n')
		.map((line) => line.split(' ')[0] ?? '')
		.filter((name) => name !== '' && !name.startsWith(`${runId}-`));
	const inodes = names.flatMap((name) => {
		try {
			return [statSync(`/run/netns/${name}`).ino];
		} catch {
			return []; // Deleted while we looked.
		}
	});
	return new Set(inodes);
}

/**
 * Processes still inside one of those namespaces (unless another run's namespace has the inode now), or whose
 * command line names the run.
 */
export function processesOf(runId: string, inodes: readonly number[]): string[] {
	const others = othersInodes(runId);
	const ours = inodes.filter((inode) => !others.has(inode));
	const found: string[] = [];
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const link = readlinkSync(`/proc/${entry}/ns/net`);
			const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
			const inode = Number(/\[(\d+)\]/.exec(link)?.[1]);
			if (ours.includes(inode) || (cmdline.includes(runId) && !cmdline.includes('vitest')))
				found.push(`${entry} ${cmdline}`);
		} catch {
			// The process went away while we looked.
		}
	}

	return found;
}

export interface Leftovers {
	readonly namespaces: string[];
	readonly processes: string[];
	readonly delayLines: number;
	readonly rootNft: boolean;
	readonly rootIptables: boolean;
}

export function leftovers(runId: string, inodes: readonly number[]): Leftovers {
	return {
		namespaces: namespacesOf(runId),
		processes: processesOf(runId, inodes),
		delayLines: delayLineProcesses().filter((entry) => entry.prefix === runId).length,
		rootNft: execFileSync('nft', ['list', 'ruleset'], {encoding: 'utf8'}).includes(runId),
		rootIptables: execFileSync('iptables-save', [], {encoding: 'utf8'}).includes(runId),
	};
}

export const nothingLeft: Leftovers = {
	namespaces: [],
	processes: [],
	delayLines: 0,
	rootNft: false,
	rootIptables: false,
};
