// OCI publishes bandwidth in listShapes: a fixed `networkingBandwidthInGbps` for fixed shapes, a per-OCPU
// rate (`networkingBandwidthOptions.defaultPerOcpuInGbps`, bounded by min/max) for Flex shapes. Pure.

import type {PublishedBandwidth} from '../provider.js';

/** The listShapes fields netplace reads (oci-core `models.Shape`). */
export interface OciShapeInfo {
	readonly shape: string;
	readonly isFlexible?: boolean;
	readonly ocpus?: number;
	readonly networkingBandwidthInGbps?: number;
	readonly networkingBandwidthOptions?: {
		readonly minInGbps?: number;
		readonly maxInGbps?: number;
		readonly defaultPerOcpuInGbps?: number;
	};
	readonly ocpuOptions?: {readonly min?: number; readonly max?: number};
	readonly memoryOptions?: {
		readonly defaultPerOcpuInGBs?: number;
		readonly minInGBs?: number;
		readonly maxInGBs?: number;
	};
}

export function isFlexShape(shape: OciShapeInfo): boolean {
	return shape.isFlexible === true || shape.networkingBandwidthOptions !== undefined || /\.Flex$/.test(shape.shape);
}

/** Published bandwidth of `shape` at `ocpus` OCPUs (Flex: per-OCPU rate x OCPUs, within the shape's bounds). */
export function ociPublishedBandwidth(shape: OciShapeInfo, ocpus: number | undefined): PublishedBandwidth {
	const options = shape.networkingBandwidthOptions;
	if (isFlexShape(shape) && options?.defaultPerOcpuInGbps !== undefined) {
		const count = ocpus ?? shape.ocpus ?? 1;
		const raw = options.defaultPerOcpuInGbps * count;
		const bounded = Math.min(Math.max(raw, options.minInGbps ?? raw), options.maxInGbps ?? raw);
		const boundText =
			bounded === raw ? '' : ` (bounded to ${options.minInGbps ?? '-'}..${options.maxInGbps ?? '-'} Gbps)`;
		return {
			gbps: bounded,
			kind: 'per-ocpu',
			detail: `listShapes networkingBandwidthOptions.defaultPerOcpuInGbps ${options.defaultPerOcpuInGbps} x ${count} OCPU${boundText}`,
		};
	}

	if (shape.networkingBandwidthInGbps !== undefined) {
		return {
			gbps: shape.networkingBandwidthInGbps,
			kind: 'per-ocpu',
			detail: `listShapes networkingBandwidthInGbps (fixed shape, ${shape.ocpus ?? '?'} OCPU)`,
		};
	}

	return {gbps: null, kind: 'per-ocpu', detail: 'listShapes gave no networking bandwidth for this shape'};
}

/** Memory for a Flex launch: the shape's default GB per OCPU x OCPUs, within its bounds (fallback 4 GB/OCPU). */
export function ociFlexMemoryGbs(shape: OciShapeInfo, ocpus: number): number {
	const memory = shape.memoryOptions;
	const raw = (memory?.defaultPerOcpuInGBs ?? 4) * ocpus;
	return Math.min(Math.max(raw, memory?.minInGBs ?? raw), memory?.maxInGBs ?? raw);
}
