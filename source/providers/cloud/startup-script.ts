// The TTL guard every cloud host boots with: install iperf3 without any prompt (the study's GCP run hung on
// an interactive debconf question), and power off after a TTL even if netplace dies and never tears down.

export interface StartupScriptOptions {
	/** Minutes until the host shuts itself down. */
	readonly ttlMinutes: number;
}

/** The probe's hold time plus a margin, in whole minutes (at least 10). */
export function ttlMinutesFor(holdSeconds: number, marginMinutes = 15): number {
	return Math.max(10, Math.ceil(holdSeconds / 60) + marginMinutes);
}

/** A POSIX shell script for user data / startup-script / cloud-init. */
export function startupScript(options: StartupScriptOptions): string {
	const minutes = Math.max(1, Math.ceil(options.ttlMinutes));
	return [
		'#!/bin/sh',
		'# netplace: power off after the TTL whatever happens, then install iperf3 without prompts.',
		`shutdown -h +${minutes} 'netplace TTL' || (sleep ${minutes * 60} && poweroff) &`,
		'export DEBIAN_FRONTEND=noninteractive',
		'if command -v apt-get >/dev/null 2>&1; then',
		"  echo 'iperf3 iperf3/start_daemon boolean false' | debconf-set-selections 2>/dev/null || true",
		'  apt-get update -y -q',
		'  apt-get install -y -q -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold iperf3 iputils-ping',
		'elif command -v dnf >/dev/null 2>&1; then',
		'  dnf install -y -q iperf3 iputils',
		'elif command -v yum >/dev/null 2>&1; then',
		'  yum install -y -q iperf3 iputils',
		'fi',
		'touch /var/tmp/netplace-ready',
		'',
	].join('\n');
}

/** Wait-for-ready command the provider runs over SSH before probing (cloud-init may still be installing). */
export const readyCheckArgv: readonly string[] = ['sh', '-c', 'test -e /var/tmp/netplace-ready && command -v iperf3'];
