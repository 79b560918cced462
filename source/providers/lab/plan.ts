// The lab's probe plan: what each pair creates on this machine (namespaces, veth, HTB, nft, delay lines,
// sshd), what it costs (nothing), and warnings: the capability problems and RTT targets below the floor.

import type {Placement} from '../../domain/types.js';
import type {PlannedResource, ProbePlanEstimate, ProbeTarget} from '../provider.js';
import {checkLabCapabilities} from './capabilities.js';
import {specsFor} from './placement-specs.js';
import {typicalRttFloorMs} from './rtt-plan.js';
import {describeShaping, type LabShapingSpec} from './shaping-spec.js';
import {flowClassCount, lossTableName} from './tc-commands.js';

export function planLab(target: ProbeTarget, holdSeconds: number): ProbePlanEstimate {
	const specs = specsFor(target);
	const overSsh = target.lab?.overSsh === true;
	const resources: PlannedResource[] = [];
	const warnings: string[] = [...checkLabCapabilities({overSsh}).problems];
	for (const [index, {placement, spec}] of specs.entries()) {
		resources.push(...pairResources(index, placement, spec, overSsh));
		const warning = rttWarning(placement, spec);
		if (warning) warnings.push(warning);
	}

	return {
		provider: 'lab',
		shape: target.lab?.profile ?? 'custom',
		region: null,
		zone: null,
		resources,
		holdSeconds,
		instances: specs.length * 2,
		pricePerHour: 0,
		priceSource: 'lab: this machine',
		estimatedCostUsd: 0,
		warnings,
	};
}

function pairResources(index: number, placement: Placement, spec: LabShapingSpec, overSsh: boolean): PlannedResource[] {
	const resources: PlannedResource[] = [
		{kind: 'namespace', name: `np-<run>-${index}-srv`, detail: `${placement} server`},
		{kind: 'namespace', name: `np-<run>-${index}-cli`, detail: `${placement} client`},
		{kind: 'veth', name: 'np0', detail: `198.18.${index}.1 <-> 198.18.${index}.2`},
		...shapingResources(spec),
	];
	if (spec.rttMs !== null) {
		const jitter = spec.jitterMs === null ? '' : ` ± ${spec.jitterMs} ms`;
		const detail = `TCP and ICMP via NFQUEUE, both directions, target RTT ${spec.rttMs} ms${jitter}`;
		resources.push({kind: 'process', name: 'delay-line (server and client)', detail});
	}

	if (overSsh)
		resources.push({kind: 'process', name: 'sshd (server and client)', detail: 'management veth in 198.19.0.0/16'});
	return resources;
}

function shapingResources(spec: LabShapingSpec): PlannedResource[] {
	const resources: PlannedResource[] = [];
	if (spec.aggregateCapGbps !== null || spec.flowCapGbps !== null) {
		const classes = spec.flowCapGbps === null ? 1 : flowClassCount;
		const detail = `${describeShaping(spec)}; ${classes} leaf class(es)`;
		resources.push({kind: 'tc-htb', name: 'np0 (both ends)', detail});
	}

	if (spec.flowCapGbps !== null)
		resources.push({kind: 'nft-table', name: 'inet netplace (both ends)', detail: 'round-robin flow classes'});
	if (spec.lossPercent != null) {
		const detail = `drops ${spec.lossPercent}% of arriving TCP data segments at random; GSO held to one segment`;
		resources.push({kind: 'nft-table', name: `inet ${lossTableName} (both ends)`, detail});
	}

	return resources;
}

function rttWarning(placement: Placement, spec: LabShapingSpec): string | null {
	if (spec.rttMs === null || spec.rttMs >= typicalRttFloorMs) return null;
	return `RTT target ${spec.rttMs} ms (${placement}) is likely below this machine's floor (about ${typicalRttFloorMs} ms through the delay line, 0.05-0.09 ms bare veth); it is measured at provision, and below the floor the pair runs without added delay`;
}
