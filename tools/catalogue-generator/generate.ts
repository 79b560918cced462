// The catalogue generator's core: the source files' texts in, the committed catalogue file, the credits
// page (DATA-SOURCES.md) and a report out. Deterministic: records sorted by cloud and name, no clock read
// (the date is passed in, or the newest source date). Pure.

import {clouds} from '../../source/domain/clouds.js';
import type {RealCloud} from '../../source/domain/types.js';
import {
	type CatalogueFile,
	catalogueFormat,
	columnsOf,
	type RegionalColumns,
	type RegionalFile,
	regionalColumnsOf,
	type StoredShape,
} from '../../source/sizing/catalogue-format.js';
import {buildAws} from './aws.js';
import {dataSourcesMarkdown, type GeneratorReport} from './data-sources.js';
import {cloudDefaults, compactShape, type DraftShape} from './draft.js';
import {buildGcp} from './gcp.js';
import {buildOci} from './oci.js';
import {type SourceTexts, sourceById, sourceFiles, transferReadOn} from './sources.js';
import {buildTransferFile, transferJson} from './transfer.js';

export interface GeneratorOutput {
	readonly file: CatalogueFile;
	/** The file's records one by one, as its columns hold them (all three clouds, in the file's order). */
	readonly records: readonly StoredShape[];
	/** The catalogue file's text, as committed (stable key order, one column a line). */
	readonly json: string;
	/** The regional file's text (other regions' prices, regions offered), as committed beside the catalogue file. */
	readonly regionalJson: string;
	/** The data-transfer table's text (catalogue-transfer.json), read only when a transfer is priced. */
	readonly transferJson: string;
	readonly dataSources: string;
	readonly report: GeneratorReport;
}

function text(texts: SourceTexts, id: string): string {
	const value = texts[id];
	if (value === undefined) {
		throw new Error(`source ${id} (${sourceById(id).file ?? 'no file'}) was not read`);
	}

	return value;
}

/** Build the catalogue from the sources' texts (keyed by source id). */
export function generateCatalogue(texts: SourceTexts, options: {generatedAt?: string} = {}): GeneratorOutput {
	const aws = buildAws({
		flexera: text(texts, 'flexera-aws'),
		bandwidth: text(texts, 'karpenter-bandwidth'),
		vpcLimits: text(texts, 'karpenter-vpclimits'),
		pricing: text(texts, 'karpenter-pricing'),
		enaExpress: text(texts, 'aws-ena-express-docs'),
	});
	const gcp = buildGcp({
		machineTypes: text(texts, 'cyclenerd-machinetypes'),
		regions: text(texts, 'cyclenerd-regions'),
		pricing: text(texts, 'cyclenerd-pricing'),
		flexera: text(texts, 'flexera-gcp'),
		documented: text(texts, 'gcp-general-purpose-docs'),
		defaultTargets: text(texts, 'cloud-image-tests-default'),
		tier1Targets: text(texts, 'cloud-image-tests-tier1'),
	});
	const oci = buildOci(text(texts, 'oci-shapes-doc'), text(texts, 'skypilot-oci'), text(texts, 'oci-flex-prices'));
	const sources = sourceFiles.map(({file: _file, ...source}) => source);
	const generatedAt =
		options.generatedAt ??
		sources
			.map((source) => source.date)
			.sort()
			.at(-1) ??
		'';
	const stored = {
		aws: aws.shapes.map(compactShape),
		gcp: gcp.shapes.map(compactShape),
		oci: oci.shapes.map(compactShape),
	};
	const file: CatalogueFile = {
		format: catalogueFormat,
		generatedAt,
		sources,
		defaults: cloudDefaults,
		priceRegions: {aws: aws.priceRegions, gcp: gcp.priceRegions, oci: oci.priceRegions},
		offerRegions: {aws: [], gcp: gcp.offerRegions, oci: []},
		shapes: {aws: columnsOf(stored.aws), gcp: columnsOf(stored.gcp), oci: columnsOf(stored.oci)},
	};
	const report: GeneratorReport = {
		counts: {aws: aws.shapes.length, gcp: gcp.shapes.length, oci: oci.shapes.length},
		priced: {aws: pricedCount(aws.shapes), gcp: pricedCount(gcp.shapes), oci: pricedCount(oci.shapes)},
		multiCard: aws.multiCard,
		gcpDisagreements: gcp.disagreements,
		ociFlexPriceChecks: oci.flexPriceChecks,
	};
	const regional: RegionalFile = {format: catalogueFormat, generatedAt, shapes: regionalShapes(stored)};
	const records = [...stored.aws, ...stored.gcp, ...stored.oci];
	const transfer = buildTransferFile(
		{aws: text(texts, 'egress-aws'), gcp: text(texts, 'egress-gcp'), oci: text(texts, 'egress-oci')},
		generatedAt,
		transferReadOn,
	);
	return {
		file,
		records,
		json: columnsJson(file),
		regionalJson: columnsJson(regional),
		transferJson: transferJson(transfer),
		dataSources: dataSourcesMarkdown(file, report),
		report,
	};
}

/** Each cloud's regional columns, leaving out a cloud that has none. */
function regionalShapes(stored: Readonly<Record<RealCloud, readonly StoredShape[]>>): RegionalFile['shapes'] {
	const shapes: Partial<Record<RealCloud, RegionalColumns>> = {};
	for (const cloud of clouds) {
		const columns = regionalColumnsOf(stored[cloud]);
		if (columns !== undefined) shapes[cloud] = columns;
	}

	return shapes;
}

function pricedCount(shapes: readonly DraftShape[]): number {
	return shapes.filter((shape) => shape.prices !== undefined || shape.flex?.pricePerOcpuHour != null).length;
}

/** Compact text (the catalogue file's and the regional file's): the header fields, then each cloud's columns, one column a line. */
function columnsJson(file: {readonly shapes: Readonly<Partial<Record<RealCloud, object>>>}): string {
	const {shapes, ...header} = file;
	const head = JSON.stringify(header).slice(0, -1);
	const cloud = (name: RealCloud, columns: object) => {
		const lines = Object.entries(columns)
			.filter(([, values]) => values !== undefined)
			.map(([key, values]) => `${JSON.stringify(key)}:${JSON.stringify(values)}`);
		return `${JSON.stringify(name)}:{\n${lines.join(',\n')}\n}`;
	};
	const perCloud = clouds.flatMap((name) => {
		const columns = shapes[name];
		return columns === undefined ? [] : [cloud(name, columns)];
	});
	return `${head},"shapes":{\n${perCloud.join(',\n')}\n}}\n`;
}
