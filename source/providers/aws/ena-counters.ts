// AWS's instance-limit witnesses: the ENA driver's allowance counters, `ethtool -S <device>` on the host over
// the provider's own exec (SSH), read by the probe before and after each test. A host without ENA counters
// (another driver, an old ENA driver, no ethtool) reads as "none" with the reason (providers/allowance-counters.ts).

import {type CounterReading, readAllowances} from '../allowance-counters.js';
import type {Provider} from '../provider.js';

export function enaCounterReader(exec: Provider['exec']): NonNullable<Provider['readLimitCounters']> {
	return async (host, device, options) => {
		if (device === null) return {kind: 'none', reason: 'the data device is not known (ip route get failed)'};
		const result = await exec(host, ['ethtool', '-S', device], options);
		return readAllowances(result.stdout, result.stderr, result.code) satisfies CounterReading;
	};
}
