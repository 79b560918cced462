// A fourth cloud, `stub`, as a maintainer would add it (README "Adding a cloud"): its own files, and the line
// each registry takes. stub-cloud.test.ts writes these into a copy of source/ and type-checks it. The files
// are the least a cloud compiles with: no shapes, no regions of note, no levers, no options.

/** The stub's own files, by path under source/. */
export const stubFiles: Readonly<Record<string, string>> = {
	'domain/clouds/stub.ts': `import type {CloudTerms} from './cloud-terms.js';

export const stubTerms = {
	label: 'STUB',
	article: 'a',
	placementLabels: {},
	placementPhrases: {},
	isolatingPlacement: 'spread',
	alsoIsolating: [],
	isolating: [{id: 'stub-spread', placement: 'spread', label: 'stub spread', how: 'apart'}],
	pathIsolation: null,
	close: [],
	liveMigrationPlacement: null,
	unstudiedPlacements: [],
	options: [],
} as const satisfies CloudTerms;
`,
	'sizing/clouds/stub.ts': `import {byRegionPair, type CloudSizing} from './cloud-sizing.js';

const unknown = {mtu: null, source: 'stub: undocumented'};

export const stubSizing: CloudSizing = {
	limits: () => ({perFlow: null, instance: null, instanceLimit: 'instance-baseline', flowLimit: 'flows', basis: []}),
	carriage: () => [],
	regions: ['stub-east-1'],
	mtu: {'same-zone': unknown, 'cross-zone': unknown, 'cross-region': unknown, internet: unknown},
	isAccelerator: () => false,
	passMark: () => ({expectedGbps: null, passShare: null, what: 'none', source: 'stub'}),
	offeringCheck: (shape, region) => \`stub list \${region} \${shape}\`,
	groupLimit: null,
	pmtudHostMtu: null,
	largestFlowGbps: null,
	internetLimitFooting: 'documented',
	leadPriceElsewhere: false,
	transfer: byRegionPair,
	zoneIn: null,
	closeFlowGain: null,
};
`,
	'providers/stub/facts.ts': `import {cloudFacts} from '../cloud/cloud-facts.js';

export const stubFacts = cloudFacts({
	id: 'stub',
	summary: 'a stub cloud',
	placements: ['default'],
	placementChoices: ['default'],
	locationFields: ['region'],
	ownFields: [],
	defaultShape: 'stub.small',
	ipv6Ssh: false,
	credentials: {chain: 'none', setup: 'none'},
	shapeName: {pattern: /^stub\\.[a-z]+$/, example: 'stub.small'},
	nodeProviderIds: ['stub://'],
	hints: {},
});
`,
	'providers/stub/loaders.ts': `import type {CloudLoaders} from '../provider.js';

export const stubLoaders: CloudLoaders = {
	provider: async () => {
		throw new Error('stub');
	},
	liveCatalogue: async () => {
		throw new Error('stub');
	},
};
`,
};

/** Each registry's lines for the stub: [the text it follows, what is added after it]. */
export const registryLines: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
	'domain/clouds.ts': [
		["'gcp', 'oci'", ", 'stub'"],
		["import {ociTerms} from './clouds/oci.js';", "\nimport {stubTerms} from './clouds/stub.js';"],
		['oci: ociTerms,', '\n\tstub: stubTerms,'],
	],
	'sizing/cloud-models.ts': [
		["import {ociSizing} from './clouds/oci.js';", "\nimport {stubSizing} from './clouds/stub.js';"],
		['oci: ociSizing,', '\n\tstub: stubSizing,'],
	],
	'providers/facts.ts': [
		["import {ociFacts} from './oci/facts.js';", "\nimport {stubFacts} from './stub/facts.js';"],
		['oci: ociFacts,', '\n\tstub: stubFacts,'],
	],
	'providers/load-provider.ts': [
		["import {ociLoaders} from './oci/loaders.js';", "\nimport {stubLoaders} from './stub/loaders.js';"],
		['oci: ociLoaders,', '\n\tstub: stubLoaders,'],
	],
};
