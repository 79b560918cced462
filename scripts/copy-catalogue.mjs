// Part of `npm run build`: ship the committed catalogue, its regional file and its data-transfer table with the compiled code
// (dist/sizing/data/).
// The loader (source/sizing/catalogue.ts) reads it beside itself, or at sizing/data/ beside a bundle in dist/.
import {copyFileSync, mkdirSync} from 'node:fs';

mkdirSync('dist/sizing/data', {recursive: true});
for (const file of ['catalogue.json', 'catalogue-regional.json', 'catalogue-transfer.json']) {
	copyFileSync(`source/sizing/data/${file}`, `dist/sizing/data/${file}`);
}
