// More streams than vCPUs: each stream is a TCP sender (and at the far end a receiver) a core must drive, and
// no figure the model rests on was measured so: the study ran 8 streams on 16 vCPUs. The figure stands (no
// documented evidence says by how much it would fall, so none is invented), with a note that it may be
// CPU-bound in practice and how to find out. Pure.

import type {Configuration, ShapeRecord} from '../domain/model-types.js';
import {referenceStreams, referenceVcpus} from '../domain/study-cells.js';

/** The configuration's vCPUs (a Flex shape's at its OCPUs), or null where the catalogue has no count. */
export function vcpusOf(configuration: Configuration, record: ShapeRecord): number | null {
	if (record.flex !== null) return (configuration.ocpus ?? record.flex.minOcpus) * record.flex.vcpusPerOcpu;
	return record.vcpus;
}

/** The note when the configuration opens more streams than it has vCPUs, else null. */
export function streamsOverVcpus(configuration: Configuration, record: ShapeRecord): string | null {
	const vcpus = vcpusOf(configuration, record);
	const {streams} = configuration;
	if (vcpus === null || streams <= vcpus) return null;
	const cores = `${String(vcpus)} vCPU${vcpus === 1 ? '' : 's'}`;
	return (
		`${String(streams)} streams on ${record.shape}'s ${cores}: more streams than vCPUs was never measured (the study ran ` +
		`${String(referenceStreams)} streams on ${String(referenceVcpus)} vCPUs), and each stream needs a core to send and ` +
		'receive, so this figure may be CPU-bound in practice; probe it (netplace probe) before relying on it'
	);
}
