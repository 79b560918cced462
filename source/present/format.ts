// Text for the screens: figures, evidence lines, workload summaries. Pure.

import type {EvidenceFigure, Workload} from '../advisor/types.js';

export function formatGbps(gbps: number | null): string {
	return gbps === null ? '—' : gbps >= 100 ? gbps.toFixed(0) : gbps.toFixed(2);
}

export function formatMs(ms: number | null | undefined): string {
	return ms === null || ms === undefined ? '—' : ms.toFixed(3);
}

export function formatPercent(percent: number | null): string {
	return percent === null ? '—' : `${percent.toFixed(1)}%`;
}

export function formatPrice(pricePerHour: number | null): string {
	return pricePerHour === null ? '—' : `$${pricePerHour.toFixed(2)}`;
}

function streamsLabel(streams: number): string {
	return streams === 1 ? '1 stream' : `${streams} streams`;
}

/** "4.96 Gbps, 1 stream, c8g.4xlarge default — one sample, us-west-2". */
export function evidenceLine(figure: EvidenceFigure): string {
	const parts: string[] = [];
	if (figure.gbps !== null) {
		parts.push(`${formatGbps(figure.gbps)} Gbps`);
		if (figure.streams !== null) {
			parts.push(streamsLabel(figure.streams));
		}
	}

	if (figure.rttMs !== undefined && figure.rttMs !== null) {
		parts.push(`RTT ${formatMs(figure.rttMs)} ms`);
	}

	const mark = figure.source === 'probe' && !figure.footing?.includes('your probe') ? ' (your probe)' : '';
	parts.push(`${figure.shape} ${figure.placement}${mark}`);
	const line = parts.join(', ');
	return figure.footing ? `${line} — ${figure.footing}` : line;
}

const cloudNames: Readonly<Record<Workload['cloud'], string>> = {
	aws: 'AWS',
	gcp: 'GCP',
	oci: 'OCI',
	any: 'any cloud',
	lab: 'the lab',
};

/** One line restating the answers, e.g. "AWS · 1 stream · latency-sensitive · ≥ 40 Gbps". */
export function workloadSummary(workload: Workload): string {
	const parts = [cloudNames[workload.cloud], streamsLabel(workload.streams)];
	if (workload.latencySensitive) {
		parts.push('latency-sensitive');
	}

	if (workload.faultIsolation) {
		parts.push('fault isolation');
	}

	if (workload.minGbps !== null) {
		parts.push(`≥ ${workload.minGbps} Gbps`);
	}

	if (workload.sustained) {
		parts.push('sustained > 5 min');
	}

	if (workload.keepLiveMigration && (workload.cloud === 'gcp' || workload.cloud === 'any')) {
		parts.push('keep live migration');
	}

	return parts.join(' · ');
}

/** A bar of `width` cells: filled for the fraction (clamped to 0..1). */
export function barCells(fraction: number | null, width: number): {readonly filled: number; readonly empty: number} {
	if (fraction === null || !Number.isFinite(fraction)) {
		return {filled: 0, empty: width};
	}

	const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
	return {filled, empty: width - filled};
}
