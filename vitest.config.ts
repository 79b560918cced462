import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {defineConfig} from 'vitest/config';

// Tests never reach a cloud: the SDKs' credential chains must not probe metadata addresses.
const hermeticEnv = {
	AWS_EC2_METADATA_DISABLED: 'true',
	METADATA_SERVER_DETECTION: 'none',
	OCI_RESOURCE_PRINCIPAL_VERSION: '',
	NO_UPDATE_NOTIFIER: '1',
	FORCE_COLOR: '0',
	// Nothing a test saves or reads reaches the user's own config folder: one scratch folder per run.
	NETPLACE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'netplace-tests-')),
};

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}'],
		env: hermeticEnv,
		// Lab tests measure real throughput on a 2-core machine: one file at a time keeps them honest.
		fileParallelism: false,
		testTimeout: 60_000,
		hookTimeout: 120_000,
		reporters: ['default', ['json', {outputFile: 'test-results.json'}]],
	},
});
