// Issue 42, finding 9: inputs that were accepted, now one line on stderr and exit 2 before anything is created
// or connected (or, for a CIDR open to a large share of the internet, warned about and asked like /0).
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {ephemeralKeyPair} from '../../source/providers/cloud/ssh-keys.js';
import {configDirForFile} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();
const scratch = mkdtempSync(join(tmpdir(), 'netplace-42-inputs-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));
const aws = ['probe', '--provider', 'aws', '--shape', 'c8g.4xlarge', '--dry-run'];
const lab = ['probe', '--provider', 'lab', '--flow-cap', '1'];

async function refusedWith(args: readonly string[], message: RegExp): Promise<void> {
	const result = await runInProcess(args, {configDir: configDir()});
	expect(result.status).toBe(2);
	expect(result.stdout).toBe('');
	const lines = result.stderr.trim().split('\n');
	expect(lines).toHaveLength(1);
	expect(lines[0]).toMatch(/^netplace: /);
	expect(lines[0]).toMatch(message);
}

describe('inputs refused in one line, exit 2 (before: accepted)', () => {
	it.each([
		['0.0.0.0/1', /--ssh-cidr 0.0.0.0\/1 lets 1\/2 of all IPv4 addresses try to SSH in.*refusing without confirmation/],
		['128.0.0.0/1', /--ssh-cidr 128.0.0.0\/1 lets 1\/2 of all IPv4 addresses/],
		['::/1', /--ssh-cidr ::\/1 lets 1\/2 of all IPv6 addresses/],
	])('--ssh-cidr %s without a yes (like /0)', async (cidr, message) => {
		await refusedWith(
			['probe', '--provider', 'aws', '--shape', 'c8g.4xlarge', '--region', 'us-east-1', '--ssh-cidr', cidr],
			message,
		);
	});

	it('a zone outside its region, and a GCP zone in no region', async () => {
		await refusedWith(
			[...aws, '--region', 'us-east-1', '--zone', 'us-west-2a', '--ssh-cidr', '203.0.113.7/32'],
			/--zone us-west-2a is in us-west-2, not in --region us-east-1/,
		);
		await refusedWith(
			[
				'probe',
				'--provider',
				'gcp',
				'--shape',
				'c4a-standard-16',
				'--zone',
				'mars-central1-z',
				'--ssh-cidr',
				'203.0.113.7/32',
				'--dry-run',
			],
			/--zone "mars-central1-z" is in no GCP region netplace knows/,
		);
	});

	it('a profile name that starts with a dash (--save=--force)', async () => {
		await refusedWith(['advise', '--save=--force'], /invalid profile name "--force": it starts with "-"/);
	});

	it('one host written twice (127.0.0.1,127.000.000.001)', async () => {
		await refusedWith(
			['probe', '--provider', 'ssh', '--hosts', '127.0.0.1,127.000.000.001', '--dry-run'],
			/--hosts names 127.0.0.1 twice \(127.000.000.001 is 127.0.0.1\)/,
		);
	});

	it('--identity naming a public key', async () => {
		const key = await ephemeralKeyPair('netplace-test');
		const pub = join(scratch, 'id.pub');
		writeFileSync(pub, `${key.publicKey}\n`);
		await key.dispose();
		await refusedWith(
			['probe', '--provider', 'ssh', '--hosts', 'u@192.0.2.10,u@192.0.2.11', '--identity', pub],
			/--identity .*id\.pub is no private key netplace can use \(it is a public key: give its private half/,
		);
	});

	it('--transfer in bits (100Mb), not read as megabytes', async () => {
		await refusedWith(
			['advise', '--transfer', '100Mb'],
			/--transfer "100Mb": a lower-case b is bits, and the size is in bytes \(write 100MB for bytes/,
		);
		await refusedWith(['advise', '--transfer', '2Tib'], /\(write 2TiB for bytes/);
	});

	it('a total hold no one means (--repeat 20 --duration 3600 --streams 1,2,4,8,16: 100 h)', async () => {
		await refusedWith(
			[...lab, '--repeat', '20', '--duration', '3600', '--streams', '1,2,4,8,16', '--yes'],
			/the tests would take 360000 s \(100\.0 h\) together .*all tests must be an integer from 1 to 86400 s/,
		);
	});
});

it('still takes a /9, 100MB, and a long but bounded probe plan', async () => {
	const cidr = await runInProcess(
		[
			'probe',
			'--provider',
			'aws',
			'--shape',
			'c8g.4xlarge',
			'--region',
			'us-east-1',
			'--ssh-cidr',
			'10.0.0.0/9',
			'--dry-run',
		],
		{configDir: configDir()},
	);
	expect(cidr.status).toBe(0);
	expect((await runInProcess(['advise', '--transfer', '100MB', '--json'], {configDir: configDir()})).status).toBe(0);
	const plan = await runInProcess([...lab, '--repeat', '20', '--duration', '60', '--streams', '1,2,4,8', '--dry-run'], {
		configDir: configDir(),
	});
	expect(plan.status).toBe(0);
});
