// The one set of labels both faces show: verdicts, clouds, the kind of a published figure. Pure.

import {cloudNames, clouds} from '../domain/clouds.js';
import type {CloudScope, PublishedKind, RealCloud, Verdict} from '../domain/types.js';

export const verdictLabels: Readonly<Record<Verdict, string>> = {
	do: 'DO',
	consider: 'CONSIDER',
	avoid: 'AVOID',
	'not-needed': 'NOT NEEDED',
	satisfied: 'SATISFIED',
};

export const verdictLabelWidth = Math.max(...Object.values(verdictLabels).map((label) => label.length));

export const cloudLabels: Readonly<Record<CloudScope, string>> = {
	...(Object.fromEntries(clouds.map((cloud) => [cloud, cloudNames[cloud].label])) as Record<RealCloud, string>),
	lab: 'Lab',
	any: 'any cloud',
};

/** Short codes for the kind of a published figure (a table's `kind` column; its legend spells them out). */
export const kindLabels: Readonly<Record<PublishedKind, string>> = {
	'base-and-peak': 'base+peak',
	'peak-over-baseline': 'peak',
	'per-ocpu': 'per-OCPU',
	'derived-per-vcpu': 'per-vCPU',
	'lab-cap': 'lab cap',
	'measured-only': 'unpublished',
};
