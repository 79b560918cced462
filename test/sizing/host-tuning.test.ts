// The MTU defaults per cloud and path with their sources, and the host-tuning prescription for three
// targets and paths, worked by hand.
import {describe, expect, it} from 'vitest';
import type {Configuration, NetworkPath, ShapeRecord} from '../../source/domain/model-types.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {prescriptionBlock} from '../../source/sizing/host-tuning.js';
import {defaultMtu, studyRttMs} from '../../source/sizing/path-defaults.js';
import {hostTuningFor} from '../../source/sizing/tuning-for.js';

describe('MTU per cloud and path, from the clouds’ documentation', () => {
	it.each([
		['aws', 'same-zone', false, 9001, 'network_mtu'],
		['aws', 'cross-zone', false, 9001, 'network_mtu'],
		['aws', 'cross-region', false, 1500, 'between Regions'],
		['aws', 'internet', false, 1500, 'internet gateway'],
		['aws', 'same-zone', true, 8900, 'ena-express'],
		['aws', 'cross-region', true, 1500, 'between Regions'],
		['gcp', 'same-zone', false, 1460, 'vpc/docs/mtu'],
		['gcp', 'cross-region', false, 1460, 'global'],
		['gcp', 'internet', false, 1460, 'vpc/docs/mtu'],
		['oci', 'same-zone', false, 9000, 'MTU 9000'],
		['oci', 'internet', false, 1500, 'internet gateway'],
		['oci', 'cross-region', false, null, 'unknown'],
	] as const)('%s %s (ENA Express %s): %s', (cloud, path, enaExpress, mtu, source) => {
		const found = defaultMtu(cloud, path, enaExpress);
		expect(found.mtu).toBe(mtu);
		expect(found.source).toContain(source);
	});

	it('the same-zone RTT is the study’s nearest cell', () => {
		expect(studyRttMs('aws', 'c8gn.4xlarge', 'cluster')).toEqual({ms: 0.079, cell: 'aws/c8gn.4xlarge/cluster'});
		expect(studyRttMs('aws', 'm7i.large', 'cluster')?.cell).toMatch(/^aws\/c8gn?\.4xlarge\/cluster$/);
		expect(studyRttMs('gcp', 'n2-standard-8', 'default')?.ms).toBe(0.116);
	});
});

describe('the prescription', () => {
	const catalogue = loadCatalogue();
	const record = (cloud: string, shape: string): ShapeRecord => {
		const found = catalogue.shapes.find((entry) => entry.cloud === cloud && entry.shape === shape);
		if (found === undefined) throw new Error(shape);
		return found;
	};
	const configuration = (cloud: 'aws' | 'gcp' | 'oci', shape: string, enaExpress = false): Configuration => ({
		cloud,
		shape,
		placement: 'default',
		ocpus: null,
		options: {enaExpress, tier1: false},
		streams: 1,
	});
	const workload = (path: NetworkPath, rttMs: number | null) => ({...defaultWorkload, path, rttMs});

	it('AWS c8gn.4xlarge cross-region at 70 ms: buffers of 83 MiB (2 x 4.96 Gbps x 70 ms = 86.8 MB, up to a MiB)', () => {
		const {prescription} = hostTuningFor(
			configuration('aws', 'c8gn.4xlarge'),
			record('aws', 'c8gn.4xlarge'),
			workload('cross-region', 70),
		);
		expect(prescription.needed).toBe(true);
		expect(prescription.flowGbps).toBe(4.96);
		expect(prescription.windowGbps).toBe(0.24);
		expect(prescription.bufferBytes).toBe(83 * 1_048_576);
		const commands = prescription.lines.map((line) => line.command);
		expect(commands).toEqual([
			'sudo sysctl -w net.core.rmem_max=87031808',
			'sudo sysctl -w net.core.wmem_max=87031808',
			'sudo sysctl -w net.ipv4.tcp_rmem="4096 131072 87031808"',
			'sudo sysctl -w net.ipv4.tcp_wmem="4096 16384 87031808"',
		]);
		for (const line of prescription.lines) expect(line.source).toContain('ip-sysctl.rst');
		const block = prescriptionBlock(prescription);
		expect(block.filter((line) => !line.startsWith('#'))).toEqual(commands);
		expect(block.join('\n')).toContain('note: path MTU 1500');
	});

	it('AWS ENA Express in the zone: MTU 8900 on both ends; the study’s RTT needs no buffers', () => {
		const shape = catalogue.shapes.find(
			(entry) => entry.cloud === 'aws' && entry.enaExpress === true && (entry.bandwidth.baselineGbps ?? 0) >= 25,
		);
		if (shape === undefined) throw new Error('an ENA Express shape');
		const {prescription} = hostTuningFor(configuration('aws', shape.shape, true), shape, workload('same-zone', null));
		expect(prescription.bufferBytes).toBeNull();
		expect(prescription.lines.map((line) => line.command)).toEqual(['sudo ip link set dev "$DEV" mtu 8900']);
		expect(prescription.lines[0]?.source).toContain('ena-express');
		expect(prescriptionBlock(prescription)).toContain(
			'DEV=eth0  # the interface toward the other host: ip route get <its address>',
		);
	});

	it('GCP c4a-standard-16 cross-region at 36 ms: 2 x the flow x 36 ms, up to a whole MiB', () => {
		const {prescription} = hostTuningFor(
			configuration('gcp', 'c4a-standard-16'),
			record('gcp', 'c4a-standard-16'),
			workload('cross-region', 36),
		);
		// The model's flow for this VM (about 21 Gbps today): 21.06e9 / 8 x 0.036 = 94.8 MB; x 2 = 180.8 MiB -> 181 MiB
		const flow = prescription.flowGbps ?? 0;
		expect(flow).toBeGreaterThan(15);
		const mib = 1_048_576;
		expect(prescription.bufferBytes).toBe(Math.ceil((2 * ((flow * 1e9) / 8) * 0.036) / mib) * mib);
		// 2 MiB / 36 ms = 0.466 Gbps now
		expect(prescription.windowGbps).toBe(0.466);
	});

	it('a lossy path under Reno: the loss holds one flow below the window, so no buffer is prescribed and the note says why', () => {
		// 0.01% at 70 ms, MTU 1500 (between Regions): 1448 B x 8 / (0.070 s x sqrt(0.0001)) = 16.5 Mbps < window 0.24 Gbps
		const {prescription} = hostTuningFor(configuration('aws', 'c8gn.4xlarge'), record('aws', 'c8gn.4xlarge'), {
			...workload('cross-region', 70),
			lossPercent: 0.01,
			cc: 'reno',
		});
		expect(prescription.bufferBytes).toBeNull();
		expect(prescription.lines.filter((line) => !line.optional)).toEqual([]);
		expect(prescription.summary).toContain('the 16.5 Mbps the loss leaves one flow');
		expect(prescription.notes[0]).toContain('at 0.01% loss and 70 ms one RENO flow carries at most 16.5 Mbps');
		expect(prescription.notes[0]).toContain('loss-based congestion control');
	});

	it('the same path under CUBIC (the default): RFC 9438’s response, 23.7 Mbps, and BBR with fq offered, commented out, with the trade', () => {
		// 1.054 x 11584 b x 0.070^-0.25 x 0.0001^-0.75 = 1.054 x 11584 x 1.944 x 1000 = 23.7 Mbps (above Reno's 16.5)
		const {prescription} = hostTuningFor(configuration('aws', 'c8gn.4xlarge'), record('aws', 'c8gn.4xlarge'), {
			...workload('cross-region', 70),
			lossPercent: 0.01,
		});
		expect(prescription.summary).toContain('the 23.7 Mbps the loss leaves one flow');
		expect(prescription.notes[0]).toContain('one CUBIC flow carries at most 23.7 Mbps');
		expect(prescription.lines.map((line) => line.setting)).toEqual([
			'net.core.default_qdisc',
			'net.ipv4.tcp_congestion_control',
		]);
		const block = prescriptionBlock(prescription);
		expect(block).toContain('# sudo sysctl -w net.core.default_qdisc=fq');
		expect(block.join('\n')).toMatch(/optional: .*takes more than its share from CUBIC and Reno flows/);
		expect(block.some((line) => line.startsWith('sudo'))).toBe(false);
	});

	it('sparse loss: the buffers are sized for what the loss leaves one flow, not for the cap', () => {
		// Reno, 0.00001% (p = 1e-7) at 70 ms, MSS 1448: 11584 / (0.070 x 3.162e-4) = 0.523 Gbps; 2 x BDP = 9.16 MB -> 9 MiB
		const {prescription} = hostTuningFor(configuration('aws', 'c8gn.4xlarge'), record('aws', 'c8gn.4xlarge'), {
			...workload('cross-region', 70),
			lossPercent: 0.00001,
			cc: 'reno',
		});
		expect(prescription.bufferBytes).toBe(9 * 1_048_576);
		expect(prescription.summary).toContain('0.52 Gbps x 70 ms');
		// CUBIC: 1.054 x 11584 x 1.944 x (1e-7)^-0.75 (177,828) = 4.22 Gbps; 2 x BDP = 73.9 MB -> 71 MiB
		const cubic = hostTuningFor(configuration('aws', 'c8gn.4xlarge'), record('aws', 'c8gn.4xlarge'), {
			...workload('cross-region', 70),
			lossPercent: 0.00001,
		}).prescription;
		expect(cubic.bufferBytes).toBe(71 * 1_048_576);
	});

	it('an unknown RTT sizes nothing and says so', () => {
		const {prescription} = hostTuningFor(
			configuration('oci', 'VM.Standard.E5.Flex'),
			record('oci', 'VM.Standard.E5.Flex'),
			workload('cross-zone', null),
		);
		expect(prescription.needed).toBe(false);
		expect(prescription.summary).toContain('RTT unknown on the cross-zone path: give --rtt MS');
	});
});
