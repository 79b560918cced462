// What each host's own settings allow one TCP flow, read before the tests start: the buffer sysctls
// (net.core.rmem_max / wmem_max, net.ipv4.tcp_rmem / tcp_wmem), the congestion control, the kernel release
// (it sets how much of a buffer is window, sizing/path-defaults.ts) and the MTU of the route toward the other
// host. Read through the provider (a namespace in the lab, SSH on a cloud); what cannot be read is null.

import {congestionControls, type HostReading} from '../domain/types.js';
import type {Host, Provider} from '../providers/provider.js';

export interface HostSettings {
	readonly rmemMax: number | null;
	readonly wmemMax: number | null;
	/** min, default, max. */
	readonly tcpRmem: readonly [number, number, number] | null;
	readonly tcpWmem: readonly [number, number, number] | null;
	readonly congestionControl: string | null;
	readonly kernel: string | null;
	/** The device the route to the other host leaves by, and its MTU (a cached path MTU when lower). */
	readonly device: string | null;
	readonly routeMtu: number | null;
}

const readTimeoutMs = 10_000;
const sysctls = [
	'net.core.rmem_max',
	'net.core.wmem_max',
	'net.ipv4.tcp_rmem',
	'net.ipv4.tcp_wmem',
	'net.ipv4.tcp_congestion_control',
] as const;

/** `sysctl -n a b c` prints one value a line, in order. */
export function parseSysctls(
	text: string,
): Pick<HostSettings, 'rmemMax' | 'wmemMax' | 'tcpRmem' | 'tcpWmem' | 'congestionControl'> {
	const [rmem, wmem, tcpRmem, tcpWmem, congestion] = text.split('\n').map((line) => line.trim());
	return {
		rmemMax: whole(rmem),
		wmemMax: whole(wmem),
		tcpRmem: triple(tcpRmem),
		tcpWmem: triple(tcpWmem),
		congestionControl: congestion !== undefined && /^[a-z0-9_]{1,32}$/.test(congestion) ? congestion : null,
	};
}

function whole(text: string | undefined): number | null {
	return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : null;
}

function triple(text: string | undefined): readonly [number, number, number] | null {
	const values = (text ?? '').split(/\s+/).map(whole);
	const [min, def, max] = values;
	return values.length === 3 && min != null && def != null && max != null ? [min, def, max] : null;
}

/** `ip -o route get ADDR` -> the device and a cached MTU; `ip -o link show dev D` -> the device's MTU. */
export function parseRoute(route: string, link: string | null): Pick<HostSettings, 'device' | 'routeMtu'> {
	const device = /\bdev (\S+)/.exec(route)?.[1] ?? null;
	const cached = whole(/\bmtu (\d+)/.exec(route)?.[1]);
	const linkMtu = whole(/\bmtu (\d+)/.exec(link ?? '')?.[1]);
	const mtus = [cached, linkMtu].filter((value): value is number => value !== null);
	return {
		device: device !== null && /^[\w.@-]{1,32}$/.test(device) ? device : null,
		routeMtu: mtus.length === 0 ? null : Math.min(...mtus),
	};
}

async function read(
	provider: Provider,
	host: Host,
	argv: readonly string[],
	signal?: AbortSignal,
): Promise<string | null> {
	try {
		const result = await provider.exec(host, argv, {timeoutMs: readTimeoutMs, ...(signal ? {signal} : {})});
		return result.code === 0 ? result.stdout : null;
	} catch {
		return null;
	}
}

/** The host's settings toward `peerAddress`. Never throws: a host that answers nothing gives nulls. */
export async function readHostSettings(
	provider: Provider,
	host: Host,
	peerAddress: string,
	signal?: AbortSignal,
): Promise<HostSettings> {
	const [values, kernel, route] = await Promise.all([
		read(provider, host, ['sysctl', '-n', ...sysctls], signal),
		read(provider, host, ['uname', '-r'], signal),
		read(provider, host, ['ip', '-o', 'route', 'get', peerAddress], signal),
	]);
	const device = route === null ? null : parseRoute(route, null).device;
	const link = device === null ? null : await read(provider, host, ['ip', '-o', 'link', 'show', 'dev', device], signal);
	const release = kernel?.trim() ?? '';
	return {
		...parseSysctls(values ?? ''),
		kernel: /^[\w.+~-]{1,64}$/.test(release) ? release : null,
		...(route === null ? {device: null, routeMtu: null} : parseRoute(route, link)),
	};
}

/** Both hosts of a pair, each toward the other. */
export async function readPairSettings(
	provider: Provider,
	pair: {readonly client: Host; readonly server: Host},
	signal?: AbortSignal,
): Promise<{readonly client: HostSettings; readonly server: HostSettings}> {
	const [client, server] = await Promise.all([
		readHostSettings(provider, pair.client, pair.server.address, signal),
		readHostSettings(provider, pair.server, pair.client.address, signal),
	]);
	return {client, server};
}

/**
 * What a pair's settings give the model for the next answer (domain HostReading): the receiver's receive side,
 * the sender's send side and congestion control (one the model does not know is null), the smaller route MTU.
 * Null when nothing the model takes was read.
 */
export function hostReading(
	settings: {readonly client: HostSettings; readonly server: HostSettings},
	provider: string,
): HostReading | null {
	const {client: sender, server: receiver} = settings;
	const mtus = [sender.routeMtu, receiver.routeMtu].filter((mtu): mtu is number => mtu !== null);
	const reading: HostReading = {
		tcpRmemMax: receiver.tcpRmem?.[2] ?? null,
		tcpWmemMax: sender.tcpWmem?.[2] ?? null,
		rmemMax: receiver.rmemMax,
		wmemMax: sender.wmemMax,
		cc: congestionControls.find((cc) => cc === sender.congestionControl) ?? null,
		mtu: mtus.length === 0 ? null : Math.min(...mtus),
		kernel: receiver.kernel,
		provider,
	};
	const {kernel: _kernel, provider: _provider, ...figures} = reading;
	return Object.values(figures).some((value) => value !== null) ? reading : null;
}
