// While a question shows, the wizard loads modules in the background: the default engine's (the catalogue,
// the search, the advice), the stored results' loader, the result screen's, and those its prepared answer
// draws with (use-prepared-answer.ts: the session's engine and the result's off-screen rehearsal). A file
// whose test ends on a question could leave such a load running when Vitest tears the file's environment
// down, which fails the whole run with an EnvironmentTeardownError although every test passed (CI saw it
// from warm-engine.test.tsx; a test ending 150 ms after the first question's frame showed it in 1 of 4
// runs). Called at the top of a file that renders the wizard: after the file's tests it waits for those
// modules, so no load is left running.

import {afterAll} from 'vitest';

export function settleBackgroundLoads(): void {
	afterAll(async () => {
		await Promise.all([
			import('../../source/session/default-sizing-engine.js'),
			import('../../source/sizing/catalogue.js'),
			import('../../source/sizing/search.js'),
			import('../../source/domain/evidence.js'),
			import('../../source/session/catalogue-engine.js'),
			import('../../source/session/answer.js'),
			import('../../source/session/load-evidence.js'),
			import('../../source/session/sizing-engine.js'),
			import('../../source/ui/screens/result/result-screen.js'),
			import('../../source/ui/screens/result/rehearse-result.js'),
		]);
	});
}
