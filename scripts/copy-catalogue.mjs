// Part of `npm run build`: ship the committed catalogue with the compiled code (dist/sizing/data/).
// The loader (source/sizing/catalogue.ts) reads it beside itself, or at sizing/data/ beside a bundle in dist/.
import {copyFileSync, mkdirSync} from 'node:fs';

mkdirSync('dist/sizing/data', {recursive: true});
copyFileSync('source/sizing/data/catalogue.json', 'dist/sizing/data/catalogue.json');
