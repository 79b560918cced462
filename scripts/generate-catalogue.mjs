#!/usr/bin/env node
// Maintainer tool: regenerate the bundled shape catalogue from a folder of public sources.
//   node scripts/generate-catalogue.mjs [--data ../shared/data] [--generated-at YYYY-MM-DD]
// Writes source/sizing/data/catalogue.json, its regional file and data-transfer table beside it
// (catalogue-regional.json, catalogue-transfer.json) and
// DATA-SOURCES.md (the credits), prints a short report.
// The parsers live in tools/catalogue-generator/ (type-checked with the source, tested by vitest, not in the
// runtime's build): this script bundles them with esbuild into a temporary module and runs it.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {parseArgs} from 'node:util';
import {build} from 'esbuild';

async function loadGenerator() {
	const folder = mkdtempSync(join(tmpdir(), 'netplace-generator-'));
	try {
		const outfile = join(folder, 'generator.mjs');
		const entry = resolve(import.meta.dirname, '..', 'tools', 'catalogue-generator', 'index.ts');
		// The CommonJS package bundled here (yaml) require()s Node's built-ins, as in build-bundle.mjs.
		const banner = {js: "import {createRequire} from 'node:module';const require=createRequire(import.meta.url);"};
		await build({
			entryPoints: [entry],
			outfile,
			bundle: true,
			platform: 'node',
			format: 'esm',
			banner,
			logLevel: 'warning',
		});
		return await import(pathToFileURL(outfile).href);
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}

const {generateCatalogue, readSourceFolder, regionalFileName, transferFileName} = await loadGenerator();

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
	const transfer = transferFileName(values.out);
	writeFileSync(transfer, output.transferJson);
	writeFileSync(values.credits, output.dataSources);
	const {counts, priced, multiCard, gcpDisagreements} = output.report;
	console.log(
		`catalogue: ${values.out} (${output.json.length} bytes), ${regional} (${output.regionalJson.length} bytes), ${transfer} (${output.transferJson.length} bytes), credits: ${values.credits}`,
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
