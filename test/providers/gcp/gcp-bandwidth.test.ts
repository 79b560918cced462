import {describe, expect, it} from 'vitest';
import {deriveGcpBandwidth} from '../../../source/providers/gcp/bandwidth.js';
import {gcpTarget, gcpUnderTest} from './gcp-helpers.js';

describe('GCP published bandwidth (derived per vCPU)', () => {
	it('gives 32 Gbps for c4a-standard-16, labelled derived-per-vcpu with the rule in detail', () => {
		const figure = deriveGcpBandwidth('c4a-standard-16', 16);
		expect(figure.gbps).toBe(32);
		expect(figure.kind).toBe('derived-per-vcpu');
		expect(figure.detail).toMatch(/2 Gbps per vCPU x 16 vCPUs/);
		expect(figure.detail).toMatch(/C4A default maximum egress of 50 Gbps/);
	});

	it('caps at the series default maximum and lifts small shapes to the series floor', () => {
		expect(deriveGcpBandwidth('c4a-standard-72', 72).gbps).toBe(50);
		expect(deriveGcpBandwidth('n2-standard-32', 32).gbps).toBe(32);
		expect(deriveGcpBandwidth('n2-standard-2', 2).gbps).toBe(10);
		expect(deriveGcpBandwidth('e2-standard-4', 4).gbps).toBe(8);
		expect(deriveGcpBandwidth('e2-standard-16', 16).gbps).toBe(16);
	});

	it('gives no figure for series documented per shape (C3, C4), rather than a wrong one', () => {
		const figure = deriveGcpBandwidth('c3-standard-22', 22);
		expect(figure.gbps).toBeNull();
		expect(figure.detail).toMatch(/per shape/);
	});

	it('uses guestCpus from MachineTypes.get through the provider', async () => {
		const {provider, fake} = gcpUnderTest();
		const figure = await provider.publishedBandwidth(gcpTarget);
		expect(figure).toMatchObject({gbps: 32, kind: 'derived-per-vcpu'});
		expect(figure.detail).toMatch(/guestCpus from MachineTypes.get/);
		expect(fake.calls.find((call) => call.api === 'machineTypes.get')?.request).toEqual({
			project: 'netplace-test-123',
			zone: 'us-central1-a',
			machineType: 'c4a-standard-16',
		});
	});
});
