// The one-place check, over any copy of source/ (the suite's own, or a copy with a stub cloud added:
// stub-cloud.test.ts): each place outside a cloud's own folders and the registries that names a cloud.
//   - a map keyed by every cloud, a switch with a case for every cloud, a hand-written list of every cloud;
//   - a comparison with a cloud's id (`cloud === 'aws'`, `!==`), a `case 'gcp':`;
//   - an object literal keyed by a cloud's id (`{oci: …}`) or with a `cloud: '<id>'` property.
// A cloud's own folders may name it: providers/<cloud>/, sizing/clouds/ and domain/clouds/.

import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import ts from 'typescript';

/** The files where each cloud is listed by name: the id list and terms, the two provider registries, the model's. */
export const registries = [
	'source/domain/clouds.ts',
	'source/providers/facts.ts',
	'source/providers/load-provider.ts',
	'source/sizing/cloud-models.ts',
];

/**
 * The study's record of what it measured on the three clouds (one cell per cloud, shape and placement, each
 * `cloud: '<id>'`): data of one article, not a place a new cloud is added to.
 */
export const studyRecords = [
	'source/domain/study-cells.ts',
	'source/domain/study-cells-aws.ts',
	'source/domain/study-cells-gcp-oci.ts',
];

/** The folders that are one cloud's own (or every cloud's entries, one file each). */
export function ownFolders(clouds: readonly string[]): string[] {
	return [...clouds.map((cloud) => `source/providers/${cloud}/`), 'source/sizing/clouds/', 'source/domain/clouds/'];
}

export function sourceFiles(root: string): string[] {
	return readdirSync(join(root, 'source'), {recursive: true, encoding: 'utf8'})
		.filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
		.map((name) => `source/${name.replaceAll('\\', '/')}`);
}

function nameOf(node: ts.Node): string | null {
	return ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : null;
}

const comparisons = new Set([
	ts.SyntaxKind.EqualsEqualsEqualsToken,
	ts.SyntaxKind.ExclamationEqualsEqualsToken,
	ts.SyntaxKind.EqualsEqualsToken,
	ts.SyntaxKind.ExclamationEqualsToken,
]);

/** What names a cloud at this node, or null. */
function cloudPlace(node: ts.Node, clouds: readonly string[]): string | null {
	const isCloud = (each: ts.Node | undefined): each is ts.StringLiteralLike =>
		each !== undefined && ts.isStringLiteralLike(each) && clouds.includes(each.text);
	const every = (names: readonly (string | null)[]) => clouds.every((cloud) => names.includes(cloud));
	if (ts.isBinaryExpression(node) && comparisons.has(node.operatorToken.kind)) {
		const side = [node.left, node.right].find(isCloud);
		if (side !== undefined) return `a comparison with '${side.text}'`;
	}

	if (ts.isCaseClause(node) && isCloud(node.expression)) return `a case '${node.expression.text}'`;
	if (ts.isObjectLiteralExpression(node)) {
		const names = node.properties.map((each) => (each.name ? nameOf(each.name) : null));
		if (every(names)) return 'a map keyed by every cloud';
		const keyed = names.find((name) => name !== null && clouds.includes(name));
		if (keyed) return `an object keyed by '${keyed}'`;
		for (const each of node.properties) {
			if (ts.isPropertyAssignment(each) && nameOf(each.name) === 'cloud' && isCloud(each.initializer)) {
				return `an object with cloud: '${each.initializer.text}'`;
			}
		}
	}

	if (ts.isSwitchStatement(node)) {
		const cases = node.caseBlock.clauses.map((each) => (ts.isCaseClause(each) ? nameOf(each.expression) : null));
		if (every(cases)) return 'a switch with a case for every cloud';
	}

	if (ts.isArrayLiteralExpression(node) && every(node.elements.map(nameOf))) return 'a list of every cloud';
	return null;
}

/** Each place in the file that names a cloud: `file:line: what`. */
export function cloudPlaces(root: string, file: string, clouds: readonly string[]): string[] {
	const text = readFileSync(join(root, file), 'utf8');
	if (!clouds.some((cloud) => text.includes(cloud))) return [];
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		const what = cloudPlace(node, clouds);
		if (what !== null)
			found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const fileOf = (place: string): string => place.slice(0, place.indexOf(':'));

/** Every place outside the clouds' own folders, the registries, the study's records and `allowed`, by file. */
export function placesOutside(root: string, clouds: readonly string[], allowed: readonly string[] = []) {
	const own = ownFolders(clouds);
	const places = sourceFiles(root)
		.filter((file) => !own.some((folder) => file.startsWith(folder)))
		.flatMap((file) => cloudPlaces(root, file, clouds));
	const listedIn = [...new Set(places.filter((place) => registries.includes(fileOf(place))).map(fileOf))].sort();
	const exempt = new Set([...registries, ...studyRecords]);
	const stray = places.filter((place) => !exempt.has(fileOf(place)) && !allowed.includes(place));
	return {registries: listedIn, stray};
}
