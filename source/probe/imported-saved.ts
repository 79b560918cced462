// A saved import's JSON (stores/imported-store.ts; written by session/explain-save.ts) -> the fields the evidence
// reads (imported-evidence.ts), each checked for its type: the folder is the user's, and a file edited by hand
// or by another program is a problem said in one line, never a figure read as measured. Pure.

import type {SavedImport} from './imported-evidence.js';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const figure = (value: unknown): number | null | undefined =>
	value === null ? null : typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function stockOf(configuration: Fields): boolean | null {
	const options = configuration['options'];
	if (!isRecord(options)) return null;
	const on = [options['enaExpress'], options['tier1']];
	if (!on.every((value) => typeof value === 'boolean')) return null;
	// An OCI Flex shape's cell is for a number of OCPUs, which a saved test does not carry as evidence.
	return !on.includes(true) && configuration['ocpus'] === null;
}

function placeOf(entry: Fields): Pick<SavedImport, 'cloud' | 'shape' | 'placement' | 'path' | 'stock'> | null {
	const configuration = entry['configuration'];
	if (configuration === null) return {cloud: '', shape: '', placement: '', path: '', stock: true};
	if (!isRecord(configuration)) return null;
	const [cloud, shape, placement, path] = ['cloud', 'shape', 'placement', 'path'].map((key) =>
		text(configuration[key]),
	);
	const stock = stockOf(configuration);
	if (cloud == null || shape == null || placement == null || path == null || stock === null) return null;
	return {cloud, shape, placement, path, stock};
}

function testOf(
	test: Fields,
): Omit<SavedImport, 'id' | 'savedAt' | 'cloud' | 'shape' | 'placement' | 'path' | 'stock' | 'limit'> | null {
	const [format, direction] = [text(test['format']), text(test['direction'])];
	const [gbps, seconds, streams] = [figure(test['gbps']), figure(test['seconds']), figure(test['streams'])];
	const error = test['error'] === null ? null : text(test['error']);
	const tcp = test['tcp'];
	const minRtt = isRecord(tcp) ? figure(tcp['minRttMs']) : null;
	const place = test['place'];
	const region = isRecord(place) ? text(place['region']) : null;
	const overlay = test['overlay'] === undefined || test['overlay'] === null ? null : text(test['overlay']);
	if (overlay === null && test['overlay'] !== undefined && test['overlay'] !== null) return null;
	if (format === null || direction === null || error === undefined) return null;
	if (gbps === undefined || seconds === undefined || typeof streams !== 'number' || minRtt === undefined) return null;
	return {format, direction, streams, gbps, seconds, error, minRttMs: minRtt, region, overlay};
}

/** The saved test's fields, or why they cannot be read ("its test's figures are not numbers"). */
export function savedImportOf(id: string, entry: Fields): SavedImport | string {
	const savedAt = text(entry['savedAt']);
	const attribution = entry['attribution'];
	const limit = isRecord(attribution) ? text(attribution['limit']) : null;
	if (savedAt === null || !/^\d{4}-\d\d-\d\dT/.test(savedAt) || limit === null)
		return 'its date or limit is missing or not text';
	const place = placeOf(entry);
	if (place === null) return 'its configuration is not one netplace wrote';
	const test = entry['test'];
	const figures = isRecord(test) ? testOf(test) : null;
	if (figures === null) return "its test's figures are missing or not numbers";
	return {id, savedAt, limit, ...place, ...figures};
}
