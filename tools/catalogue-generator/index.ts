// The catalogue generator's surface, for scripts/generate-catalogue.mjs (which bundles this file with esbuild
// and runs it). A maintainer's tool, not part of the runtime: nothing in source/ imports tools/.

export {regionalFileName} from '../../source/sizing/catalogue-format.js';
export {transferFileName} from '../../source/sizing/data-transfer-file.js';
export {generateCatalogue} from './generate.js';
export {readSourceFolder} from './read-folder.js';
