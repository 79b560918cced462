// The boot image, pinned: Canonical Ubuntu 24.04, never a Minimal build. listImages sorted by TIMECREATED
// alone gives whatever Ubuntu image was published last for the shape (22.04 or 24.04, Minimal or not:
// their display names say so, e.g. "Canonical-Ubuntu-24.04-Minimal-aarch64-2026.10.31-0"), so the
// operating system version is fixed and Minimal builds are skipped. The chosen image goes in the run's notes.

import type {requests} from 'oci-core';
import {RuntimeError} from '../../domain/errors.js';
import type {OciClients} from './clients.js';
import {ociEnum} from './resources.js';

export const ociUbuntuVersion = '24.04';

export interface OciImage {
	readonly id: string;
	readonly name: string;
}

export async function ubuntuImage(
	clients: OciClients,
	compartmentId: string,
	shape: string,
	region: string,
): Promise<OciImage> {
	const images = await clients.compute.listImages({
		compartmentId,
		operatingSystem: 'Canonical Ubuntu',
		operatingSystemVersion: ociUbuntuVersion,
		shape,
		sortBy: ociEnum<requests.ListImagesRequest.SortBy>('TIMECREATED'),
		sortOrder: ociEnum<requests.ListImagesRequest.SortOrder>('DESC'),
		limit: 50,
	});
	const image = images.items.find(
		(item) =>
			!/minimal/i.test(item.displayName ?? '') &&
			(item.operatingSystemVersion === undefined || item.operatingSystemVersion === ociUbuntuVersion),
	);
	if (!image?.id) {
		throw new RuntimeError(`no Canonical Ubuntu ${ociUbuntuVersion} image (not Minimal) for ${shape} in ${region}`);
	}

	return {id: image.id, name: image.displayName ?? image.id};
}
