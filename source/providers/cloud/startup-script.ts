// The TTL guard every cloud host boots with: install iperf3 without any prompt (the study's GCP run hung on
// an interactive debconf question), and power off after a TTL even if netplace dies and never tears down.
//
// First boot on fresh Ubuntu/Debian images: unattended-upgrades (and cloud-init's own apt run) can hold the
// dpkg lock for minutes. apt-get waits for it with `-o DPkg::Lock::Timeout=SECONDS` (apt >= 1.9.11; the
// lists lock of `apt-get update` is not covered, hence the retries), each step is retried three times, and
// when the install still fails its own last lines go to /var/tmp/netplace-failed, which the ready check
// reports at once instead of polling out its whole budget.

import {hostKeyMarker} from './host-key-pin.js';

export interface StartupScriptOptions {
	/** Minutes until the host shuts itself down. */
	readonly ttlMinutes: number;
	/**
	 * Extra minutes before the guest's own shutdown, where a cloud-side guard fires at `ttlMinutes` (GCP's
	 * maxRunDuration DELETE): a guest poweroff at the same minute could stop the VM first and keep its disk.
	 */
	readonly guestMarginMinutes?: number;
}

/** Seconds apt-get waits for the dpkg lock before it fails (and the script retries). */
export const dpkgLockTimeoutSeconds = 300;
export const readyMarker = '/var/tmp/netplace-ready';
export const failedMarker = '/var/tmp/netplace-failed';

/** The probe's hold time plus a margin, in whole minutes (at least 10). */
export function ttlMinutesFor(holdSeconds: number, marginMinutes = 15): number {
	return Math.max(10, Math.ceil(holdSeconds / 60) + marginMinutes);
}

/** The minute the guest powers itself off (the TTL plus the cloud's margin). */
export function guestShutdownMinutes(options: StartupScriptOptions): number {
	return Math.max(1, Math.ceil(options.ttlMinutes)) + (options.guestMarginMinutes ?? 0);
}

/** A POSIX shell script for user data / startup-script / cloud-init. */
export function startupScript(options: StartupScriptOptions): string {
	const minutes = guestShutdownMinutes(options);
	const apt = `apt-get -y -q -o DPkg::Lock::Timeout=${dpkgLockTimeoutSeconds}`;
	return [
		'#!/bin/sh',
		'# netplace: power off after the TTL whatever happens, then install iperf3 without prompts.',
		`shutdown -h +${minutes} 'netplace TTL' || (sleep ${minutes * 60} && poweroff) &`,
		'# The host key fingerprints on the console, where netplace reads them (through the cloud API) to pin them.',
		'keys=$(for key in /etc/ssh/ssh_host_*_key.pub; do test -e "$key" && echo "' +
			hostKeyMarker +
			' $(ssh-keygen -l -f "$key")"; done)',
		'echo "$keys"; echo "$keys" >/dev/console 2>/dev/null || true',
		'export DEBIAN_FRONTEND=noninteractive',
		'log=/var/tmp/netplace-install.log',
		'retry() { for attempt in 1 2 3; do "$@" >>"$log" 2>&1 && return 0; sleep 10; done; return 1; }',
		'if command -v apt-get >/dev/null 2>&1; then',
		"  echo 'iperf3 iperf3/start_daemon boolean false' | debconf-set-selections 2>/dev/null || true",
		`  retry ${apt} update`,
		`  retry ${apt} -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold install iperf3 iputils-ping`,
		'elif command -v dnf >/dev/null 2>&1; then',
		'  retry dnf install -y -q iperf3 iputils',
		'elif command -v yum >/dev/null 2>&1; then',
		'  retry yum install -y -q iperf3 iputils',
		'fi',
		'if command -v iperf3 >/dev/null 2>&1; then',
		`  touch ${readyMarker}`,
		'else',
		`  { echo "iperf3 install failed:"; grep -E '^(E|W):|rror' "$log" | tail -n 3; } > ${failedMarker}`,
		'fi',
		'',
	].join('\n');
}

/**
 * Wait-for-ready command the provider runs over SSH before probing (cloud-init may still be installing).
 * Exit 0 prints iperf3's version line and the image's PRETTY_NAME (recorded with the run); exit 3 prints
 * the install's own error (the script gave up); anything else: not ready yet.
 */
export const readyCheckArgv: readonly string[] = [
	'sh',
	'-c',
	`if test -e ${failedMarker}; then cat ${failedMarker}; exit 3; fi; ` +
		`test -e ${readyMarker} && iperf3 --version | head -n 1 && (. /etc/os-release && echo "$PRETTY_NAME")`,
];

/** Exit code of the ready check when the startup script gave up. */
export const readyCheckFailedCode = 3;
