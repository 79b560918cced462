// Screen defects of the question screens (issue 8), each replayed by keystrokes.

import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import type {RttMeter} from '../../../source/session/measure-rtt.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {answerTheRest, keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

function renderWizard(initialWorkload: Workload = defaultWorkload, rttMeter?: RttMeter) {
	const onExit = vi.fn();
	const app = render(
		<WizardApp
			profileStore={{save: vi.fn(), path: '/nowhere/config.json'}}
			columns={100}
			initialWorkload={initialWorkload}
			onExit={onExit}
			{...(rttMeter ? {rttMeter} : {})}
		/>,
	);
	return {app, onExit};
}

describe('the question screens', () => {
	it('takes Enter that arrives in the same write as the text ("30" + Enter, a paste, SSH)', async () => {
		const {app} = renderWizard({...defaultWorkload, cloud: 'aws'});
		await waitForContent(app, '1 of 13');
		for (const position of [2, 3, 4, 5, 6]) await press(app, keys.enter, `${position} of 13`);
		await press(app, keys.down, '❯ Type a figure');
		await press(app, keys.enter, 'Aggregate Gbps needed');
		await press(app, '30\r', '7 of 13');
		const result = await answerTheRest(app);
		expect(result).toContain('AWS, 1 stream, at least 30 Gbps');
		app.unmount();
	});

	it('opens a flag value that no option holds (--streams 3, --min-gbps 30) with that value typed in', async () => {
		const {app} = renderWizard({...defaultWorkload, cloud: 'aws', streams: 3, minGbps: 30});
		await press(app, keys.enter, '2 of 13');
		expect(app.lastFrame()).toContain('❯ Type a number… (3)');
		await press(app, keys.enter, 'or more): 3');
		await press(app, keys.enter, '3 of 13');
		await press(app, keys.enter, '4 of 13');
		await press(app, keys.enter, '5 of 13');
		await press(app, keys.enter, '6 of 13');
		expect(app.lastFrame()).toContain('❯ Type a figure in Gbps… (30)');
		await press(app, keys.enter, 'above 0): 30');
		await press(app, keys.enter, '7 of 13');
		const result = await answerTheRest(app);
		expect(result).toContain('AWS, 3 streams, at least 30 Gbps');
		app.unmount();
	});

	it('says what Esc does: quit on the first question, back after it; and names y/n', async () => {
		const {app, onExit} = renderWizard();
		const first = await waitForContent(app, '1 of 13');
		expect(first).toContain('Esc quit');
		expect(first).not.toContain('Esc back');
		await press(app, keys.enter, '2 of 13');
		expect(app.lastFrame()).toContain('Esc back');
		expect(app.lastFrame()).not.toContain('y/n');
		await press(app, keys.enter, '3 of 13');
		expect(app.lastFrame()).toContain('y/n answer');
		await press(app, keys.escape, '2 of 13');
		await press(app, keys.escape, '1 of 13');
		await press(app, keys.escape, () => onExit.mock.calls.length > 0);
		expect(onExit).toHaveBeenCalledWith(0);
		app.unmount();
	});

	it('counts the questions for the cloud under the cursor, so the count does not jump', async () => {
		const {app} = renderWizard();
		// Any cloud: 13 questions (no region); GCP alone: 14 (its region and live migration).
		await waitForContent(app, '1 of 13');
		await press(app, keys.up, '❯ OCI');
		expect(app.lastFrame()).toContain('1 of 13');
		await press(app, keys.up, '❯ GCP');
		expect(app.lastFrame()).toContain('1 of 14');
		await press(app, keys.enter, '2 of 14');
		await press(app, keys.escape, '1 of 14');
		await press(app, keys.up, '❯ AWS');
		expect(app.lastFrame()).toContain('1 of 13');
		await press(app, keys.enter, '2 of 13');
		app.unmount();
	});

	it('asks the round trip off the zone and measures it on request: the host, the reading, the answer', async () => {
		const asked: string[] = [];
		const meter: RttMeter = async (host) => {
			asked.push(host);
			return {ok: true, rttMs: 36.2, detail: `ping ${host} from this machine: 5 of 5 replies, median 36.2 ms`};
		};
		const {app} = renderWizard({...defaultWorkload, cloud: 'aws', sustained: true}, meter);
		for (const position of [2, 3, 4, 5, 6, 7, 8]) await press(app, keys.enter, `${position} of 13`);
		expect(app.lastFrame()).toContain('Where does the traffic go?');
		await press(app, keys.down, '❯ Between zones');
		await press(app, keys.down, '❯ Between regions');
		// Between regions: the far region is asked (a region name is the cloud's), then the round trip.
		await press(app, keys.enter, '9 of 16');
		expect(app.lastFrame()).toContain('Which region is the far end in?');
		await press(app, keys.enter, '10 of 16');
		expect(app.lastFrame()).toContain('What is the round trip on that path?');
		await press(app, keys.down, '❯ Type it in ms');
		await press(app, keys.down, '❯ Measure it');
		await press(app, keys.enter, 'Host at the far end (name or address):');
		// A character a host cannot hold stops the keys there, with the hint; what came before stays.
		await press(app, 'db;1', '“;”: a host takes letters, digits, dots, dashes and colons');
		expect(app.lastFrame()).toContain('address): db\n');
		await press(app, '.example', 'address): db.example');
		await press(app, keys.enter, '11 of 16');
		expect(asked).toEqual(['db.example']);
		expect(app.lastFrame()).toContain('ping db.example from this machine: 5 of 5 replies, median 36.2 ms');
		// Then whether the hosts' TCP settings can be changed: n keeps them as they are.
		expect(app.lastFrame()).toContain('Can the hosts’ TCP settings be changed?');
		await press(app, 'n', '12 of 16');
		const result = await answerTheRest(app);
		expect(result).toContain('cross-region, RTT 36.2 ms, hosts as they are');
		app.unmount();
	});
});
