#!/usr/bin/env node
// Maintainer tool: regenerate the bundled shape catalogue from a folder of public sources.
//   npm run build && node scripts/generate-catalogue.mjs [--data ../shared/data] [--generated-at YYYY-MM-DD]
// Writes source/sizing/data/catalogue.json, its regional file beside it (catalogue-regional.json) and
// DATA-SOURCES.md (the credits), prints a short report.
// The parsers live in source/sizing/catalogue-generator/ (compiled by the build, tested by vitest).
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {regionalFileName} from '../dist/sizing/catalogue-format.js';
import {generateCatalogue} from '../dist/sizing/catalogue-generator/generate.js';
import {readSourceFolder} from '../dist/sizing/catalogue-generator/read-folder.js';

const {values} = parseArgs({
	options: {
		data: {type: 'string', default: '../shared/data'},
		out: {type: 'string', default: 'source/sizing/data/catalogue.json'},
		credits: {type: 'string', default: 'DATA-SOURCES.md'},
		'generated-at': {type: 'string'},
	},
});

try {
	const output = generateCatalogue(readSourceFolder(resolve(values.data)), {generatedAt: values['generated-at']});
	mkdirSync(dirname(values.out), {recursive: true});
	const regional = regionalFileName(values.out);
	writeFileSync(values.out, output.json);
	writeFileSync(regional, output.regionalJson);
	writeFileSync(values.credits, output.dataSources);
	const {counts, priced, multiCard, gcpDisagreements} = output.report;
	console.log(
		`catalogue: ${values.out} (${output.json.length} bytes), ${regional} (${output.regionalJson.length} bytes), credits: ${values.credits}`,
	);
	for (const cloud of ['aws', 'gcp', 'oci']) {
		console.log(`  ${cloud}: ${counts[cloud]} shapes, ${priced[cloud]} with a price`);
	}
	console.log(`  aws multi-card totals: ${multiCard.length}`);
	console.log(`  gcp rule vs Google's test targets: ${gcpDisagreements.length} disagreements`);
	for (const entry of gcpDisagreements) {
		console.log(
			`    ${entry.shape} (${entry.tier}): rule ${entry.ruleGbps ?? 'none'}, target ${entry.targetGbps} [${entry.rule}]`,
		);
	}
} catch (error) {
	console.error(`generate-catalogue: ${error instanceof Error ? error.message : String(error)}`);
	process.exitCode = 1;
}
