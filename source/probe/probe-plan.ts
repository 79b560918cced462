// The steps a probe will run, as data (pure): provision, then per placement the server, every stream
// count x repeat, ping and the optional sustained run, then teardown. The probe screen shows it as a list.

import {streamsLabel} from '../domain/format.js';
import type {Placement} from '../domain/types.js';
import type {ProbeSettings, StepRef} from './types.js';

/** iperf3 `-O 1`: one warm-up second before the measured `-t` seconds. */
export const omitSeconds = 1;
/**
 * ping spacing, seconds. iputils >= 20210202 lets any user go down to 2 ms; older ones refuse below 0.2 s
 * without root, and the runner then falls back to `fallbackPingIntervalSeconds`.
 */
export const pingIntervalSeconds = 0.02;
export const fallbackPingIntervalSeconds = 0.2;

/** A test's step: "8 streams", or "8 streams (2/3)" when each count is repeated. */
export function streamsStepLabel(streams: number, repeat: number, repeats: number): string {
	const base = streamsLabel(streams);
	return repeats > 1 ? `${base} (${repeat}/${repeats})` : base;
}

export function streamsStep(
	placement: Placement,
	streams: number,
	repeat: number,
	settings: ProbeSettings,
	reverse = false,
): StepRef {
	return {
		id: `${placement}/streams-${streams}/r${repeat}${reverse ? '/reverse' : ''}`,
		placement,
		kind: 'streams',
		streams,
		repeat,
		...(reverse ? {reverse: true} : {}),
		label: `${streamsStepLabel(streams, repeat, settings.repeat)}${reverse ? ' reverse' : ''}`,
		durationSeconds: settings.durationSeconds + omitSeconds,
	};
}

/** Directions each stream count is tested in: forward, and with `--reverse` also reverse (iperf3 -R). */
export function directions(settings: ProbeSettings): readonly boolean[] {
	return settings.reverse ? [false, true] : [false];
}

export function provisionStep(): StepRef {
	return {id: 'provision', placement: null, kind: 'provision', label: 'provision'};
}

export function teardownStep(): StepRef {
	return {id: 'teardown', placement: null, kind: 'teardown', label: 'tear down'};
}

export function serverStep(placement: Placement): StepRef {
	return {id: `${placement}/server`, placement, kind: 'server', label: 'start server'};
}

export function pingStep(placement: Placement, settings: ProbeSettings): StepRef {
	return {
		id: `${placement}/ping`,
		placement,
		kind: 'ping',
		label: `ping x${settings.pingCount}`,
		durationSeconds: settings.pingCount * pingIntervalSeconds,
	};
}

export function sustainedStep(placement: Placement, seconds: number): StepRef {
	return {
		id: `${placement}/sustained`,
		placement,
		kind: 'sustained',
		label: `sustained ${seconds} s`,
		durationSeconds: seconds + omitSeconds,
	};
}

/** Every step, in the order they run (ping before the server step: see run-pair.ts). */
export function planSteps(placements: readonly Placement[], settings: ProbeSettings): StepRef[] {
	const steps: StepRef[] = [provisionStep()];
	for (const placement of placements) {
		// Ping first: it measures the idle link while the iperf3 server comes up.
		steps.push(pingStep(placement, settings), serverStep(placement));
		for (const reverse of directions(settings)) {
			for (const streams of settings.streams) {
				for (let repeat = 1; repeat <= settings.repeat; repeat++)
					steps.push(streamsStep(placement, streams, repeat, settings, reverse));
			}
		}

		if (settings.sustainedSeconds !== null) steps.push(sustainedStep(placement, settings.sustainedSeconds));
	}

	steps.push(teardownStep());
	return steps;
}

/** Seconds of measurement the plan holds the hosts for (tests, ping, sustained), for cost estimates. */
export function measuredSeconds(placements: number, settings: ProbeSettings): number {
	const tests =
		directions(settings).length * settings.streams.length * settings.repeat * (settings.durationSeconds + omitSeconds);
	const sustained = settings.sustainedSeconds === null ? 0 : settings.sustainedSeconds + omitSeconds;
	return placements * (tests + settings.pingCount * pingIntervalSeconds + sustained);
}

/** Seconds the hosts are expected to be held: the tests plus per-step overhead (server start, SSH round trips). */
export function expectedHoldSeconds(placements: number, settings: ProbeSettings): number {
	const steps = placements * (directions(settings).length * settings.streams.length * settings.repeat + 3);
	return Math.ceil(measuredSeconds(placements, settings) + steps * 5);
}
