// Number formatting for titles, whys and labels: figures are formatted here, never typed into strings.

/** Round to a number of decimals, as a number. */
export function round(value: number, decimals: number): number {
	const scale = 10 ** decimals;
	return Math.round((value + Number.EPSILON) * scale) / scale;
}

/** The one mark for a figure that is not known (never a guessed number), in prose and tables alike. */
export const missing = '-';

/** Gbps as the study writes it: up to two decimals, no trailing zeros ("4.96", "15", "21.69"). */
export function gbps(value: number | null | undefined): string {
	return value === null || value === undefined ? missing : String(round(value, 2));
}

/**
 * Gbps kept to what the figure can say: two decimals from 0.1 Gbps up, three significant figures below
 * (0.00244, not 0: a loss-bound flow of a few Mbps is a figure, not nothing).
 */
export function roundGbps(value: number): number {
	if (value >= 0.1 || value <= 0) return round(value, 2);
	return Number(value.toPrecision(3));
}

/** A rate with its unit: Gbps from 0.1 Gbps up ("4.96 Gbps"), Mbps below ("2.4 Mbps", "16.5 Mbps"); never "0 Gbps". */
export function rate(value: number | null | undefined): string {
	if (value === null || value === undefined) return missing;
	if (value >= 0.1 || value <= 0) return `${gbps(value)} Gbps`;
	const mbps = value * 1000;
	return `${String(Number(mbps.toPrecision(mbps >= 1 ? 3 : 2)))} Mbps`;
}

/** "1 stream", "8 streams". */
export function streamsLabel(streams: number): string {
	return streams === 1 ? '1 stream' : `${streams} streams`;
}

/** Milliseconds to three decimals ("0.170", "0.054"), as the study writes RTTs. */
export function ms(value: number | null | undefined): string {
	return value === null || value === undefined ? missing : value.toFixed(3);
}

/** A ratio as a factor: "2.67x", "3.3x", "1.92x". */
export function factor(value: number, decimals = 2): string {
	return `${String(round(value, decimals))}x`;
}

/** A fraction as a whole percent: 0.0403 -> "4%". */
export function percent(fraction: number, decimals = 0): string {
	return `${String(round(fraction * 100, decimals))}%`;
}

/** The one money format: dollars to four decimals, as the study writes prices ("$0.6381"). */
export function dollars(value: number): string {
	return `$${value.toFixed(4)}`;
}

/** A bill's figure: dollars to the cent with thousands grouped ("$6,144.00", "$0.43"). */
export function billDollars(value: number): string {
	return `$${value.toLocaleString('en-US', {minimumFractionDigits: 2, maximumFractionDigits: 2})}`;
}

/** Dollars per hour: "$0.6381/h". */
export function dollarsPerHour(value: number): string {
	return `${dollars(value)}/h`;
}

/** Join with commas and a final "and" (or `last`): ["a", "b", "c"] -> "a, b and c". */
export function listed(items: readonly string[], last: 'and' | 'or' = 'and'): string {
	if (items.length <= 1) {
		return items[0] ?? '';
	}

	return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1] ?? ''}`;
}

/** "42 s", "11 min", "6.0 h", "2.3 d". */
export function durationText(seconds: number): string {
	if (seconds < 120) return `${String(Math.max(1, Math.round(seconds)))} s`;
	if (seconds < 7200) return `${String(Math.round(seconds / 60))} min`;
	if (seconds < 172_800) return `${(seconds / 3600).toFixed(1)} h`;
	return `${(seconds / 86_400).toFixed(1)} d`;
}

/** Bytes in binary units, as the kernel's buffers are set: "6 MiB", "786 KiB", "1.5 MiB", "1 GiB". */
export function binaryBytesText(bytes: number): string {
	const gib = bytes / 1_073_741_824;
	if (gib >= 1) return `${Number(gib.toFixed(2))} GiB`;
	const mib = bytes / 1_048_576;
	if (mib >= 1) return `${Number(mib.toFixed(mib >= 10 ? 0 : 2))} MiB`;
	return `${Math.round(bytes / 1024)} KiB`;
}

/** Bytes in decimal units to three significant figures: "50 TB", "1.65 TB" (1.5 TiB), "500 GB". */
export function bytesText(bytes: number): string {
	const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
	let value = bytes;
	let unit = 0;
	while (value >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}

	return `${String(Number(value.toPrecision(3)))} ${units[unit] ?? 'B'}`;
}
