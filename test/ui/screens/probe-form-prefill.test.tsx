// The probe form starts from the answer: the recommendation's cloud, shape, placement, options and a sweep
// around its streams; it is remembered between openings (as left, for the same recommendation; the
// recommendation over what was typed, for another); number fields refuse what they cannot take, with a hint.

import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import type {Configuration} from '../../../source/domain/model-types.js';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {KeyRouterContext, useKeyRouter} from '../../../source/ui/screens/key-router.js';
import {type ProbeFormMemory, probeFormMemory} from '../../../source/ui/screens/probe/probe-form-memory.js';
import {streamSweep} from '../../../source/ui/screens/probe/probe-prefill.js';
import {ProbeScreen} from '../../../source/ui/screens/probe/probe-screen.js';
import type {ProbeEngine} from '../../../source/ui/screens/wizard/probe-engine.js';
import {type InkHandle, keys, press, waitForContent} from './ink-keys.js';

const noEngine = async (): Promise<ProbeEngine> => {
	throw new Error('the form tests run nothing');
};

function Form(props: {
	readonly from: Configuration | null;
	readonly memory: ProbeFormMemory;
	readonly onClose: () => void;
	readonly workload?: Workload;
}) {
	const router = useKeyRouter({isActive: true});
	return (
		<KeyRouterContext.Provider value={router}>
			<ProbeScreen
				workload={props.workload ?? defaultWorkload}
				providers={{}}
				probeEngine={noEngine}
				width={100}
				isActive
				onClose={props.onClose}
				onFinished={() => undefined}
				onQuit={() => undefined}
				from={props.from}
				formMemory={props.memory}
			/>
		</KeyRouterContext.Provider>
	);
}

async function openForm(from: Configuration | null, memory: ProbeFormMemory, workload?: Workload) {
	let closed = false;
	const app = render(
		<Form from={from} memory={memory} onClose={() => (closed = true)} {...(workload ? {workload} : {})} />,
	);
	await waitForContent(app, 'Probe: set up');
	const close = async () => {
		app.stdin.write(keys.escape);
		await waitForContent(app, () => closed);
		app.unmount();
	};

	return {app, close};
}

async function moveTo(app: InkHandle, label: string): Promise<string> {
	for (let step = 0; step < 30 && !(app.lastFrame() ?? '').includes(`❯ ${label} `); step++) {
		const before = app.lastFrame();
		await press(app, keys.down, (frame) => frame !== before);
	}

	return waitForContent(app, `❯ ${label} `);
}

const c6in: Configuration = {
	cloud: 'aws',
	shape: 'c6in.8xlarge',
	placement: 'cluster',
	ocpus: null,
	options: {enaExpress: true, tier1: false},
	streams: 8,
};

const gcpSpread: Configuration = {
	cloud: 'gcp',
	shape: 'c4a-standard-16',
	placement: 'spread',
	ocpus: null,
	options: {enaExpress: false, tier1: true},
	streams: 1,
};

describe('the probe form starts from the answer', () => {
	it('sweeps around the streams the answer opens: 1,2,4,8,16 around 8', () => {
		expect(streamSweep(8)).toEqual([1, 2, 4, 8, 16]);
		expect(streamSweep(1)).toEqual([1, 2, 4, 8]);
		expect(streamSweep(12)).toEqual([1, 2, 4, 8, 12, 16]);
		expect(streamSweep(128)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
	});

	it('opens on the recommendation: cloud, shape, placement, ENA Express and the sweep; the lab on its cell', async () => {
		const {app, close} = await openForm(c6in, probeFormMemory());
		const form = app.lastFrame() ?? '';
		expect(form).toMatch(/--provider +‹ aws ›/);
		expect(form).toMatch(/--shape +c6in\.8xlarge/);
		expect(form).toMatch(/--ena-express +‹ yes ›/);
		expect(form).toMatch(/--placement +‹ cluster ›/);
		expect(form).toMatch(/--streams +1,2,4,8,16\n/);
		await press(app, keys.left, '‹ lab ›');
		expect(app.lastFrame()).toMatch(/--lab-profile +‹ aws\/c6in\.8xlarge\/cluster ›/);
		await close();
	});

	it('offers GCP spread and opens a spread recommendation on it, with Tier_1', async () => {
		const {app, close} = await openForm(gcpSpread, probeFormMemory());
		const form = app.lastFrame() ?? '';
		expect(form).toMatch(/--provider +‹ gcp ›/);
		expect(form).toMatch(/--placement +‹ spread ›/);
		expect(form).toMatch(/--tier1 +‹ yes ›/);
		await close();
	});

	it('remembers the form between openings: as left for the same answer, what was typed for another', async () => {
		const memory = probeFormMemory();
		const first = await openForm(c6in, memory);
		await moveTo(first.app, '--duration');
		await press(first.app, keys.backspace.repeat(2), /❯ --duration *\n/);
		await press(first.app, '7', /❯ --duration +7\n/);
		await moveTo(first.app, '--placement');
		await press(first.app, keys.right, /--placement +‹ spread ›/);
		await first.close();

		const again = await openForm(c6in, memory);
		expect(again.app.lastFrame()).toMatch(/--duration +7\n/);
		expect(again.app.lastFrame()).toMatch(/--placement +‹ spread ›/);
		await again.close();

		// Another recommendation: its own shape and placement, over the duration typed before.
		const other = await openForm({...c6in, shape: 'c7gn.4xlarge', placement: 'default'}, memory);
		expect(other.app.lastFrame()).toMatch(/--shape +c7gn\.4xlarge/);
		expect(other.app.lastFrame()).toMatch(/--placement +‹ default ›/);
		expect(other.app.lastFrame()).toMatch(/--duration +7\n/);
		await other.close();
	});

	it('a number field refuses a character it cannot take, says what it takes, and keeps what was typed', async () => {
		const {app, close} = await openForm(c6in, probeFormMemory());
		await moveTo(app, '--duration');
		const refused = await press(app, 'x', '“x” is not part of a number here: type an integer from 1 to 3600 s');
		expect(refused).toMatch(/--duration +20\n/);
		await moveTo(app, '--streams');
		const list = await press(app, ';', '“;” is not part of a list here');
		expect(list).toMatch(/--streams +1,2,4,8,16\n/);
		expect(list.replaceAll(/\s+/g, ' ')).toContain('type an integer from 1 to 128, or several with commas');
		// A paste stops at the refused character: `3.5` into --repeat is 3 and the hint, never 35.
		await moveTo(app, '--repeat');
		await press(app, keys.backspace, /❯ --repeat *\n/);
		const pasted = await press(app, '3.5', '“.” is not part of a number here');
		expect(pasted).toMatch(/--repeat +3\n/);
		await close();
	});

	it("keeps a cross-Region answer's facts: Region, ENA Express, placement, and its 75 ms RTT in the lab", async () => {
		const crossRegion: Workload = {...defaultWorkload, region: 'eu-west-1', path: 'cross-region', rttMs: 75};
		const memory = probeFormMemory();
		const {app, close} = await openForm(c6in, memory, crossRegion);
		const form = app.lastFrame() ?? '';
		expect(form).toMatch(/--provider +‹ aws ›/);
		expect(form).toMatch(/--region +eu-west-1/);
		expect(form).toMatch(/--ena-express +‹ yes ›/);
		expect(form).toMatch(/--placement +‹ cluster ›/);
		const lab = await press(app, keys.left, '‹ lab ›');
		expect(lab).toMatch(/--lab-profile +‹ aws\/c6in\.8xlarge\/cluster ›/);
		expect(lab).toMatch(/--rtt +75\n/);
		await close();

		// The same recommendation for another path is another answer: its own RTT (none), not the 75 ms left.
		const sameZone = await openForm(c6in, memory, {...crossRegion, path: 'same-zone', rttMs: null});
		await press(sameZone.app, keys.left, '‹ lab ›');
		expect(sameZone.app.lastFrame()).toMatch(/--rtt *\n/);
		await sameZone.close();
	});
});
