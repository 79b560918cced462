// `netplace shapes` text at any width: every line fits, the shape and its figure stay, columns go from
// the least important first; the price column says "unknown" rather than a guess.
import {describe, expect, it} from 'vitest';
import {priceText, publishedGbpsText, renderShapes} from '../../source/cli/shapes-text.js';
import {textStyle} from '../../source/cli/text-style.js';
import {findShape, loadCatalogue} from '../../source/sizing/catalogue.js';
import {searchShapes} from '../../source/sizing/catalogue-search.js';

const catalogue = loadCatalogue();
const style = textStyle(false, {});
const record = (name: string) => {
	const found = findShape(catalogue, null, name);
	if (!found) throw new Error(name);
	return found;
};

describe('shapes text', () => {
	it('fits every width from 40 to 200 columns, keeping shape and Gbps', () => {
		const records = searchShapes(catalogue, {cloud: null, text: '16'}).slice(0, 200);
		for (const width of [40, 60, 80, 100, 140, 200]) {
			const lines = renderShapes(records, {width, style, region: null});
			expect(
				lines.every((line) => line.length <= width),
				`width ${width}`,
			).toBe(true);
			expect(lines[0]).toMatch(/^ {2}shape\s+Gbps/);
		}

		const wide = renderShapes(records, {width: 200, style, region: null})[0];
		expect(wide).toMatch(/kind.*vCPU.*GiB.*arch.*cards.*\$\/h.*source/);
	});

	it('writes the published figure as the cloud states it', () => {
		expect(publishedGbpsText(record('c8g.4xlarge'))).toBe('7.5/15');
		expect(publishedGbpsText(record('c8gn.4xlarge'))).toBe('50');
		expect(publishedGbpsText(record('VM.Standard.A1.Flex'))).toBe('1/OCPU<=40');
		// Documented per machine type on Google's general-purpose page (was no figure, ~23 from Google's test target).
		expect(publishedGbpsText(record('c3-standard-4'))).toBe('23');
		expect(publishedGbpsText(record('c3-standard-8'))).toBe('23');
		expect(publishedGbpsText(record('h3-standard-88'))).toBe('-');
	});

	it("prices in the region asked for, per OCPU for Flex, the answer's one mark (-) where no source says", () => {
		expect(priceText(record('c8gn.4xlarge'), null)).toBe('0.948 us-east-1');
		expect(priceText(record('c8gn.4xlarge'), 'us-west-2')).toBe('-');
		expect(priceText(record('VM.Standard.E4.Flex'), null)).toBe('0.025/OCPU+0.0015/GB');
		expect(priceText(record('BM.GPU.A10.4'), null)).toBe('8 any region');
		expect(priceText(record('BM.GPU.A10.4'), 'eu-frankfurt-1')).toBe('8 eu-frankfurt-1');
		expect(priceText(record('mac1.metal'), null)).toBe('-');
	});
});
