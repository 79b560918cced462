// What the probe form remembers between openings: in this session always, across sessions where a backing
// (the config folder's probe-form.json: stores/probe-form-file.ts) is given, as the CLI's wizard does. Tests
// and `WizardApp` without one remember for the session only. A backing that cannot be written costs the
// next session its memory, never this one's. Light on purpose: the wizard makes one before the probe
// screen's module loads (probe-prefill.ts reads what it holds into the form).

import type {StoredProbeForm} from '../../../stores/probe-form-file.js';

export interface ProbeFormMemory {
	readonly recall: () => StoredProbeForm | null;
	readonly remember: (form: StoredProbeForm) => void;
}

export interface ProbeFormBacking {
	readonly read: () => StoredProbeForm | null;
	readonly write: (form: StoredProbeForm) => void;
}

export function probeFormMemory(backing?: ProbeFormBacking): ProbeFormMemory {
	let kept: StoredProbeForm | null | undefined;
	return {
		recall() {
			if (kept === undefined) kept = backing?.read() ?? null;
			return kept;
		},
		remember(form) {
			kept = form;
			try {
				backing?.write(form);
			} catch {
				// The session keeps it; only the next session goes without.
			}
		},
	};
}
