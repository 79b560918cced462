// Adding a cloud is its folders (providers/<cloud>/, sizing/clouds/<cloud>.ts) and one line in each of four
// registries. This holds source/ to it: a map keyed by every cloud, a switch with a case for every cloud or a
// hand-written list of every cloud is a place a new cloud must be added to, and only the registries may
// have one (a function of the cloud reads the cloud's entry instead).

import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {clouds} from '../../source/domain/clouds.js';

const root = join(import.meta.dirname, '..', '..');

/** The files where each cloud is listed by name: the id list, the two provider registries, the model's. */
const registries = [
	'source/domain/clouds.ts',
	'source/providers/facts.ts',
	'source/providers/load-provider.ts',
	'source/sizing/cloud-models.ts',
];

function sourceFiles(): string[] {
	return readdirSync(join(root, 'source'), {recursive: true, encoding: 'utf8'})
		.filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
		.map((name) => `source/${name}`);
}

function nameOf(node: ts.Node): string | null {
	return ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : null;
}

/** True when the names cover every cloud. */
const everyCloud = (names: readonly (string | null)[]): boolean => clouds.every((cloud) => names.includes(cloud));

/** Each place in the file that names every cloud: `line: what`. */
function perCloudPlaces(file: string): string[] {
	const text = readFileSync(join(root, file), 'utf8');
	if (!clouds.every((cloud) => text.includes(cloud))) return [];
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
	const found: string[] = [];
	const at = (node: ts.Node, what: string) =>
		found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);
	const visit = (node: ts.Node): void => {
		if (
			ts.isObjectLiteralExpression(node) &&
			everyCloud(node.properties.map((each) => (each.name ? nameOf(each.name) : null)))
		) {
			at(node, 'a map keyed by every cloud');
		} else if (
			ts.isSwitchStatement(node) &&
			everyCloud(node.caseBlock.clauses.map((each) => (ts.isCaseClause(each) ? nameOf(each.expression) : null)))
		) {
			at(node, 'a switch with a case for every cloud');
		} else if (ts.isArrayLiteralExpression(node) && everyCloud(node.elements.map(nameOf))) {
			at(node, 'a list of every cloud');
		}

		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe('each cloud is named in one place per registry', () => {
	it('only the four registries list every cloud', () => {
		const places = sourceFiles().flatMap(perCloudPlaces);
		const files = [...new Set(places.map((place) => place.slice(0, place.indexOf(':'))))].sort();
		// Each registry is found (the check sees them), and nothing else is: a per-cloud map elsewhere names
		// its file and line here; move it into the cloud's own entry.
		expect({files, places: places.filter((place) => !registries.includes(place.slice(0, place.indexOf(':'))))}).toEqual(
			{
				files: [...registries].sort(),
				places: [],
			},
		);
	});
});
