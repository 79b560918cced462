// The wizard's result screen over the real search and catalogue (issue 23 §5): configurations with no price
// are grouped after the priced ones and the card says so, as the text and Markdown faces do (present/ lays
// the line out once).

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {waitForContent} from './ink-keys.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-unpriced-'));
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

describe('the result screen groups unpriced configurations', () => {
	it('OCI at 40 Gbps with 8 streams: the bare-metal shapes with no price rank last, and the card says so', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				rows={200}
				// x86: with A1 priced (issue 36) the first ten at 40 Gbps are all priced Flex configurations.
				initialWorkload={{...defaultWorkload, cloud: 'oci', streams: 8, minGbps: 40, arch: 'x86_64'}}
				skipQuestions
			/>,
		);
		const frame = await waitForContent(app, 'Unpriced:', 30_000);
		expect(frame).toContain('Meets 40 Gbps with at most 8 streams: use this');
		expect(frame.replace(/\s+/g, ' ')).toMatch(
			/Unpriced: \d+ of the 10 ranked configurations have no price \((no source gives this shape a price|the shape's default memory per OCPU is unknown \(listShapes gives it\))\): they rank after every priced one that meets 40 Gbps/,
		);
		app.unmount();
	});
});
