// Imported first by the wizard's entry, before React and Ink load, because both read the environment once
// at import time:
// - React and Ink pick their production builds (faster start, no development warnings on the user's
//   terminal) unless NODE_ENV says otherwise;
// - Ink treats CI=true as "no one is watching" and writes only the last frame, which leaves an interactive
//   wizard blank. When stdin and stdout are both terminals a person is at the keyboard (a CI job's tmux
//   session, a developer shell that exports CI), so the CI markers are dropped for this process.

// (The bundle fixes React's NODE_ENV at build time, scripts/build-bundle.mjs; this covers unbundled runs. Through
// a local, so esbuild's define does not turn the assignment into one to a constant.)
const env = process.env;
env['NODE_ENV'] ??= 'production';

if (process.stdin.isTTY && process.stdout.isTTY) {
	delete process.env['CI'];
	delete process.env['CONTINUOUS_INTEGRATION'];
}

export {};
