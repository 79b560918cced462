// A catalogue record as a type-ahead item: its name, a one-line size and price, and its published
// bandwidth with the source and date it comes from. Pure.

import type {ShapeRecord} from '../../../domain/model-types.js';
import {formatGbps, missing} from '../../../present/format.js';
import {priceText} from '../../../present/recommendation-card.js';
import type {PickItem} from '../../components/type-ahead/type-ahead-reducer.js';

function sizeText(record: ShapeRecord): string {
	if (record.flex) {
		const {minOcpus, maxOcpus} = record.flex;
		return `${minOcpus}–${maxOcpus} OCPUs`;
	}

	const parts = [record.vcpus === null ? null : `${record.vcpus} vCPU`];
	parts.push(record.memoryGib === null ? null : `${record.memoryGib} GiB`);
	return parts.filter((part) => part !== null).join(' · ');
}

/** "published: 15.00 Gbps peak, 7.50 baseline (flexera-aws, 2026-11-02)". */
export function publishedText(record: ShapeRecord): string {
	const {bandwidth, flex} = record;
	const source = `(${bandwidth.source.id}, ${bandwidth.source.date})`;
	if (flex) {
		return `published: ${formatGbps(flex.gbpsPerOcpu)} Gbps per OCPU, at most ${formatGbps(flex.maxGbps)} ${source}`;
	}

	const {baselineGbps, peakGbps} = bandwidth;
	if (baselineGbps === null && peakGbps === null) return `published: no figure ${source}`;
	if (peakGbps !== null && baselineGbps !== null && peakGbps !== baselineGbps) {
		return `published: up to ${formatGbps(peakGbps)} Gbps, baseline ${formatGbps(baselineGbps)} ${source}`;
	}

	return `published: ${formatGbps(peakGbps ?? baselineGbps)} Gbps ${source}`;
}

export function shapeItem(record: ShapeRecord): PickItem {
	const price = record.prices[0];
	const parts = [
		record.cloud,
		sizeText(record),
		// Unlabelled parts say what is missing with the answer's one mark: "arch -", "price -".
		record.arch ?? `arch ${missing}`,
		price && price.perHour !== null ? priceText(price.perHour, price.region) : `price ${missing}`,
	];
	return {
		value: record.shape,
		label: record.shape,
		detail: parts.filter((part) => part !== '').join(' · '),
		published: publishedText(record),
	};
}
