// The server side of a WebSocket (RFC 6455) as far as the exec stream needs it: the handshake's accept key
// and the subprotocol, unmasked binary frames out, and a client's close frame noticed. The channel protocol on
// top (v4.channel.k8s.io: the first byte of each binary message is the channel, 1 stdout, 2 stderr, 3 the
// Status the command ended with) is the API server's, as client-node's WebSocketHandler reads it.

import {createHash} from 'node:crypto';
import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';

const guid = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export const channel = {stdout: 1, stderr: 2, status: 3} as const;

/** Completes the upgrade with v4.channel.k8s.io when the client offers it; false when it does not. */
export function acceptUpgrade(request: IncomingMessage, socket: Duplex): boolean {
	const key = request.headers['sec-websocket-key'];
	const offered = String(request.headers['sec-websocket-protocol'] ?? '')
		.split(',')
		.map((each) => each.trim());
	if (typeof key !== 'string' || !offered.includes('v4.channel.k8s.io')) return false;
	const accept = createHash('sha1').update(`${key}${guid}`).digest('base64');
	socket.write(
		[
			'HTTP/1.1 101 Switching Protocols',
			'Upgrade: websocket',
			'Connection: Upgrade',
			`Sec-WebSocket-Accept: ${accept}`,
			'Sec-WebSocket-Protocol: v4.channel.k8s.io',
			'',
			'',
		].join('\r\n'),
	);
	return true;
}

function frame(opcode: number, payload: Buffer): Buffer {
	const length = payload.length;
	const header =
		length < 126
			? Buffer.from([0x80 | opcode, length])
			: length < 65_536
				? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
				: Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(length)]);
	return Buffer.concat([header, payload]);
}

function bigLength(length: number): Buffer {
	const buffer = Buffer.alloc(8);
	buffer.writeBigUInt64BE(BigInt(length));
	return buffer;
}

/** One message on a channel. */
export function channelFrame(number: number, data: Buffer | string): Buffer {
	return frame(0x2, Buffer.concat([Buffer.from([number]), Buffer.from(data)]));
}

export function closeFrame(): Buffer {
	return frame(0x8, Buffer.from([0x03, 0xe8]));
}

/** Whether a chunk from the client starts a close frame (opcode 8). */
export function isClose(chunk: Buffer): boolean {
	return chunk.length > 0 && (chunk[0]! & 0x0f) === 0x8;
}
