import {describe, expect, it} from 'vitest';
import {requestBounds} from '../../../source/domain/bounds.js';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {activeQuestions, withAnswer} from '../../../source/ui/screens/questions/questions.js';
import {
	answersIfKept,
	currentQuestion,
	initialQuestionsState,
	progressOf,
	type QuestionsAction,
	type QuestionsState,
	questionsReducer,
} from '../../../source/ui/screens/questions/questions-reducer.js';
import {regionItems} from '../../../source/ui/screens/questions/sizing-questions.js';
import {parseTyped} from '../../../source/ui/screens/questions/typed-answer.js';

const run = (
	actions: readonly QuestionsAction[],
	state: QuestionsState = initialQuestionsState(defaultWorkload),
): QuestionsState => actions.reduce(questionsReducer, state);
const choose: QuestionsAction = {type: 'choose'};
const down = (delta: number): QuestionsAction => ({type: 'move', delta});

describe('wizard reducer', () => {
	it('asks the GCP question when GCP is in scope, the region when one cloud is, then the sizing ones', () => {
		expect(activeQuestions({...defaultWorkload, cloud: 'any'})).toHaveLength(13);
		expect(
			activeQuestions({...defaultWorkload, cloud: 'gcp'})
				.map((question) => question.id)
				.slice(7),
		).toEqual(['keepLiveMigration', 'path', 'arch', 'minVcpus', 'minMemoryGib', 'region', 'shape']);
		expect(activeQuestions({...defaultWorkload, cloud: 'any'}).map((question) => question.id)).not.toContain('region');
		expect(activeQuestions({...defaultWorkload, cloud: 'aws'}).map((question) => question.id)).not.toContain(
			'keepLiveMigration',
		);
	});

	it('answers every question and reports the workload', () => {
		// cloud: AWS (cursor starts on "any", index 3; AWS is index 0)
		const state = run([
			down(-3),
			choose, // AWS
			choose, // streams: cursor on 1
			{type: 'type-text', text: 'y'}, // ignored: not typing
			down(-1),
			choose, // latency: Yes (cursor was on No)
			choose, // fault isolation: No
			choose, // transfer: not known
			down(1),
			choose, // open the Gbps field
			{type: 'type-text', text: '45'},
			choose,
			down(-1),
			choose, // sustained: Yes
			down(2),
			choose, // path: between regions
			down(1),
			choose, // far region: pick from the cloud's regions
			{type: 'picked', value: 'eu-west-1'},
			down(1),
			choose, // open the RTT field
			{type: 'type-text', text: '70'},
			choose,
			down(1),
			choose, // hosts' TCP settings: no, take them as they are
			down(1),
			choose, // arch: arm64
			down(3),
			choose, // vCPUs: 16
			choose, // memory: any
			down(1),
			choose, // region: pick from the cloud's regions
			{type: 'picked', value: 'eu-north-1'},
			down(1),
			choose, // shape: pick from the catalogue
			{type: 'picked', value: 'c8gn.4xlarge'},
		]);
		expect(state.done).toBe(true);
		expect(state.workload).toEqual({
			...defaultWorkload,
			cloud: 'aws',
			streams: 1,
			latencySensitive: true,
			faultIsolation: false,
			minGbps: 45,
			sustained: true,
			keepLiveMigration: false,
			path: 'cross-region',
			toRegion: 'eu-west-1',
			rttMs: 70,
			hostsAsIs: true,
			arch: 'arm64',
			minVcpus: 16,
			region: 'eu-north-1',
			shapes: ['c8gn.4xlarge'],
		});
	});

	it('keeps the shapes a flag gave: the shape question opens on them and Enter keeps them', () => {
		const given = {...defaultWorkload, cloud: 'aws' as const, shapes: ['m7i.8xlarge', 'c8gn.4xlarge']};
		const start = initialQuestionsState(given);
		const shapeQuestion = activeQuestions(given).find((question) => question.id === 'shape');
		expect(shapeQuestion?.options.map((option) => option.label)).toEqual([
			'No: search every shape',
			'Keep m7i.8xlarge, c8gn.4xlarge',
			'Pick from the catalogue…',
		]);
		const end = run(
			Array.from({length: 13}, () => choose),
			start,
		);
		expect(end.done).toBe(true);
		expect(end.workload.shapes).toEqual(['m7i.8xlarge', 'c8gn.4xlarge']);
		// Moving up to "No" drops them.
		const dropped = run([...Array.from({length: 12}, () => choose), down(-1), choose], start);
		expect(dropped.workload.shapes).toEqual([]);
	});

	it('shows progress as position of total, total following the cloud', () => {
		const start = initialQuestionsState(defaultWorkload);
		expect(progressOf(start)).toEqual({position: 1, total: 13});
		const afterAws = run([down(-3), choose]);
		expect(progressOf(afterAws)).toEqual({position: 2, total: 13});
		const afterGcp = run([down(-2), choose]);
		expect(progressOf(afterGcp)).toEqual({position: 2, total: 14});
	});

	it('goes back with Esc and keeps the earlier answer under the cursor', () => {
		const second = run([down(-2), choose]); // GCP
		expect(currentQuestion(second)?.id).toBe('streams');
		const back = questionsReducer(second, {type: 'back'});
		expect(currentQuestion(back)?.id).toBe('cloud');
		expect(back.cursor).toBe(1);
		expect(questionsReducer(back, {type: 'back'}).cancelled).toBe(true);
	});

	it('validates typed numbers and keeps the field open on a bad one', () => {
		const typing = run([choose, down(-1), choose]); // any -> streams "Type a number…"
		expect(typing.typing).toBe(true);
		const bad = run([{type: 'type-text', text: '0'}, choose], typing);
		expect(bad.error).toBe('Type an integer from 1 to 4096 (not 0).');
		expect(currentQuestion(bad)?.id).toBe('streams');
		const good = run([{type: 'erase'}, {type: 'type-text', text: '12'}, choose], bad);
		expect(good.workload.streams).toBe(12);
		expect(currentQuestion(good)?.id).toBe('latencySensitive');
		expect(parseTyped('minGbps', '-3').ok).toBe(false);
		expect(parseTyped('minGbps', '12.5')).toEqual({ok: true, value: 12.5});
		expect(parseTyped('streams', 'abc').ok).toBe(false);
	});

	it('refuses a character a number field cannot take, with a hint, and keeps what was typed', () => {
		const typing = run([choose, down(-1), choose]); // streams "Type a number…"
		const comma = run([{type: 'type-text', text: '1,5'}], typing);
		expect(comma.draft).toBe('1');
		expect(comma.error).toBe('“,” is not part of a number here: type an integer from 1 to 4096');
		const minus = run([{type: 'erase'}, {type: 'type-text', text: '-5'}], comma);
		expect(minus.draft).toBe('');
		expect(minus.error).toContain('“-” is not part of a number here');
		const point = run([{type: 'type-text', text: '.'}], minus);
		expect(point.error).toContain('“.”');
		// The next accepted key clears the hint.
		expect(run([{type: 'type-text', text: '0'}], point).error).toBeNull();
	});

	it("checks typed figures against the one bounds table (the CLI flags' bounds)", () => {
		expect(parseTyped('minVcpus', String(requestBounds.minVcpus.max)).ok).toBe(true);
		expect(parseTyped('minVcpus', String(requestBounds.minVcpus.max + 1)).ok).toBe(false);
		expect(parseTyped('minMemoryGib', '0').ok).toBe(false);
		expect(parseTyped('minGbps', String(requestBounds.minGbps.max)).ok).toBe(true);
	});

	it('Esc in a number field returns to the choices, not to the previous question', () => {
		const typing = run([choose, down(-1), choose]);
		const back = questionsReducer(typing, {type: 'back'});
		expect(back.typing).toBe(false);
		expect(currentQuestion(back)?.id).toBe('streams');
	});

	it('restarts from the given answers', () => {
		const done = run([down(-3), ...Array.from({length: 13}, () => choose)]);
		expect(done.done).toBe(true);
		const again = questionsReducer(done, {type: 'restart', workload: defaultWorkload});
		expect(again.done).toBe(false);
		expect(again.index).toBe(0);
		expect(again.workload.cloud).toBe('any');
	});

	it('asks the round trip only off the zone: typed, measured (a host, then its reading) or not known', () => {
		const aws = {...defaultWorkload, cloud: 'aws' as const};
		expect(activeQuestions(aws).map((question) => question.id)).not.toContain('rttMs');
		const far = {...aws, path: 'cross-region' as const};
		const index = activeQuestions(far).findIndex((question) => question.id === 'rttMs');
		const atRtt = {...initialQuestionsState(far), index, cursor: 0};
		expect(currentQuestion(atRtt)?.options.map((option) => option.value)).toEqual([null, 'type', 'measure']);
		// Typed: the one bounds table's --rtt bound.
		const typed = run([down(1), choose, {type: 'type-text', text: '0'}, choose], atRtt);
		expect(typed.error).toBe(`Type ${'a number above 0 and at most 1000 ms'} (not 0).`);
		// Measured: a host field refuses what a host cannot hold, then waits for the reading.
		const hostField = run([down(2), choose], atRtt);
		expect(hostField.measuring).toBe(true);
		const refused = run([{type: 'type-text', text: '-x;'}], hostField);
		expect(refused.error).toContain('“;”');
		const pinging = run([{type: 'erase'}, choose], refused);
		expect(pinging.pinging).toBeNull();
		expect(pinging.error).toBe('Type a host name or an IP address.');
		const asked = run([{type: 'type-text', text: '10.0.0.7'}, choose], hostField);
		expect(asked.pinging).toBe('10.0.0.7');
		expect(run([{type: 'back'}, {type: 'type-text', text: 'x'}], asked)).toEqual(asked);
		const failed = run([{type: 'measured', reading: {ok: false, error: '10.0.0.7: ping got no replies'}}], asked);
		expect(failed).toMatchObject({pinging: null, measuring: true, error: '10.0.0.7: ping got no replies'});
		const reading = {ok: true as const, rttMs: 36.2, detail: 'ping 10.0.0.7 from this machine: 5 of 5 replies'};
		const measured = run([{type: 'measured', reading}], asked);
		expect(measured.workload.rttMs).toBe(36.2);
		expect(measured.index).toBe(index + 1);
		expect(measured.note).toBe(reading.detail);
	});

	it("an answer goes through the one workload builder: past its flag's bound it is refused, named as the question", () => {
		const far = {...defaultWorkload, cloud: 'aws' as const, path: 'cross-region' as const};
		const question = 'the answer to "What is the round trip on that path?"';
		// The value path the reducer takes for every answer (options, typed, picked, measured).
		expect(() => withAnswer(far, 'rttMs', 1500)).toThrow(
			`${question} must be a number above 0 and at most 1000 ms, got "1500"`,
		);
		expect(() => withAnswer(far, 'streams', 5000)).toThrow(
			'the answer to "How many parallel connections can the data path really open?" must be an integer from 1 to 4096, got "5000"',
		);
		expect(() => withAnswer(far, 'region', 'us-est-1')).toThrow(
			'the answer to "Which region? (optional)": unknown AWS region "us-est-1" (did you mean us-east-1?)',
		);
		// A round trip measured past the bound (a reading the ping gives, not the user) stays on the question, saying why.
		const index = activeQuestions(far).findIndex((each) => each.id === 'rttMs');
		const asked = run([down(2), choose, {type: 'type-text', text: '10.0.0.7'}, choose], {
			...initialQuestionsState(far),
			index,
			cursor: 0,
		});
		const reading = {ok: true as const, rttMs: 1500, detail: 'ping 10.0.0.7 from this machine: 5 of 5 replies'};
		const refused = run([{type: 'measured', reading}], asked);
		expect(refused).toMatchObject({index, pinging: null, note: null, workload: far});
		expect(refused.error).toBe(`${question} must be a number above 0 and at most 1000 ms, got "1500"`);
	});

	it('works out the answers Enter on each question left ends with, typed figures included', () => {
		const flags = {...defaultWorkload, cloud: 'aws' as const, streams: 3, minGbps: 30};
		// From the first question: --streams 3 and --min-gbps 30 are typed figures, confirmed as they stand.
		expect(answersIfKept(flags, 0)).toEqual(flags);
		// Enter on each of the 13 questions, twice on the two typed ones (open the field, confirm it).
		const ended = run(
			Array.from({length: 15}, () => choose),
			initialQuestionsState(flags),
		);
		expect(ended.done).toBe(true);
		expect(ended.workload).toEqual(answersIfKept(flags, 0));
		// Past the last question the answers are what they are.
		expect(answersIfKept(flags, activeQuestions(flags).length)).toEqual(flags);
	});
});

describe('the region question', () => {
	it('offers the region given (a flag, a profile) to keep, and a type-ahead over the cloud’s regions', () => {
		const given = {...defaultWorkload, cloud: 'gcp' as const, region: 'europe-west4'};
		const question = activeQuestions(given).find((entry) => entry.id === 'region');
		expect(question?.options.map((option) => option.label)).toEqual([
			'Any',
			'Keep europe-west4',
			'Pick from the cloud’s regions…',
		]);
		expect(regionItems('gcp').map((item) => item.value)).toContain('europe-west4');
		expect(regionItems('aws').map((item) => item.value)).not.toContain('europe-west4');
	});

	it('drops a region when another cloud is chosen (region names are one cloud’s)', () => {
		const aws = {...defaultWorkload, cloud: 'aws' as const, region: 'us-west-2'};
		expect(withAnswer(aws, 'cloud', 'gcp').region).toBeNull();
		expect(withAnswer(aws, 'cloud', 'aws').region).toBe('us-west-2');
	});
});

describe('the transfer question ("How much data, and by when?")', () => {
	const aws: Workload = {...defaultWorkload, cloud: 'aws'};
	const atTransfer = (workload = aws): QuestionsState => {
		const index = activeQuestions(workload).findIndex((question) => question.id === 'transfer');
		return {...initialQuestionsState(workload), index, cursor: 0};
	};
	const ids = (workload: Workload) => activeQuestions(workload).map((question) => question.id);

	it('comes before the bandwidth question, which then offers the transfer’s target; sustained is not asked', () => {
		expect(ids(aws).slice(3, 7)).toEqual(['faultIsolation', 'transfer', 'minGbps', 'sustained']);
		const answered = run([down(1), choose, {type: 'type-text', text: '50TB in 6h'}, choose], atTransfer());
		expect(answered.workload).toMatchObject({transferBytes: 50e12, withinSeconds: 21_600, minGbps: 18.52});
		const bandwidth = currentQuestion(answered);
		expect(bandwidth?.id).toBe('minGbps');
		expect(bandwidth?.options.map((option) => option.label)).toEqual([
			'Skip (no target)',
			'The transfer’s: 18.52 Gbps (50TB in 6h)',
			'Type a figure in Gbps…',
		]);
		// Enter keeps the transfer's target; the sustained question is left out: the transfer says how long.
		expect(answered.cursor).toBe(1);
		const kept = run([choose], answered);
		expect(kept.workload.minGbps).toBe(18.52);
		expect(currentQuestion(kept)?.id).toBe('path');
		expect(ids(answered.workload)).not.toContain('sustained');
	});

	it('is optional: Enter on "Not known" leaves no transfer and no target', () => {
		const skipped = run([choose], atTransfer());
		expect(skipped.workload).toMatchObject({transferBytes: null, withinSeconds: null, minGbps: null});
		expect(currentQuestion(skipped)?.id).toBe('minGbps');
	});

	it('keeps a target given apart from the transfer, and retargets one the transfer set', () => {
		const given = withAnswer({...aws, minGbps: 30}, 'transfer', '50TB in 6h');
		expect(given.minGbps).toBe(30);
		const set = withAnswer(aws, 'transfer', '50TB in 6h');
		expect(withAnswer(set, 'transfer', '50TB in 12h').minGbps).toBe(9.26);
		expect(withAnswer(set, 'transfer', null)).toMatchObject({minGbps: null, transferBytes: null});
		// A size alone sets no target (no time to divide by).
		expect(withAnswer(aws, 'transfer', '50TB').minGbps).toBeNull();
	});

	it('refuses a character it cannot take with a hint, and a phrase out of the bounds table', () => {
		const typing = run([down(1), choose], atTransfer());
		expect(typing.typing).toBe(true);
		const comma = run([{type: 'type-text', text: '1,5TB'}], typing);
		expect(comma.draft).toBe('1');
		expect(comma.error).toContain(
			'“,” is not part of a size or a time here: type a size and a time such as 50TB in 6h, or one alone',
		);
		const tooBig = run([{type: 'erase'}, {type: 'type-text', text: '200000TB'}, choose], comma);
		expect(tooBig.error).toContain(`the size a number above 0 and at most ${String(requestBounds.transfer.max)} TB`);
		expect(tooBig.error).toContain('(not 200000TB)');
		expect(currentQuestion(tooBig)?.id).toBe('transfer');
	});

	it('opens on the answer it holds: the field starts with it, as the flags would write it', () => {
		const held = withAnswer(aws, 'transfer', '1.5TiB in 90m');
		const state = atTransfer(held);
		const reopened = {...state, cursor: 1};
		expect(run([choose], reopened).draft).toBe('1.5TiB in 90m');
		expect(parseTyped('transfer', ' 50 tb in 6 h ')).toEqual({ok: true, value: '50TB in 6h'});
	});
});
