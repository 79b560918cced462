// The shape an SSH run names: `cloud/shape` (a catalogue shape, so the model can predict it), as the ssh
// provider's facts resolve --shape. Pure.

import {clouds, type RealCloud} from '../../domain/types.js';

/** `aws/c8g.4xlarge` -> aws and c8g.4xlarge; anything else (no cloud named) -> null. */
export function splitCloudShape(shape: string): {readonly cloud: RealCloud; readonly shape: string} | null {
	const slash = shape.indexOf('/');
	if (slash === -1) return null;
	const cloud = clouds.find((candidate) => candidate === shape.slice(0, slash));
	const name = shape.slice(slash + 1);
	return cloud === undefined || name === '' ? null : {cloud, shape: name};
}

/** The shape an SSH run without --shape reports: its hosts are no catalogue shape the run knows of. */
export const unnamedShape = 'unnamed';
