// A WebSocket client that writes whatever bytes a test asks for, to play a broken or hostile peer.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawSocket {
  socket: Socket;
  /** The server's handshake answer (status line and headers). */
  handshake: string;
  /** Resolves when the server closes the TCP connection. */
  ended: Promise<void>;
  /** Everything the server sent after the handshake. */
  received(): Buffer;
}

export async function rawWebSocket(port: number, path: string, protocols: string[] = []): Promise<RawSocket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      `GET ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      ...(protocols.length ? [`Sec-WebSocket-Protocol: ${protocols.join(', ')}`] : []),
      '',
      '',
    ].join('\r\n'),
  );
  let buffer = Buffer.alloc(0);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const handshake = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const head = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 4);
      socket.on('data', (more: Buffer) => (buffer = Buffer.concat([buffer, more])));
      resolve(head);
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed during the handshake')));
  });
  return { socket, handshake, ended, received: () => buffer };
}

export interface FrameOptions {
  opcode: number;
  payload: Buffer;
  mask?: boolean;
  rsv1?: boolean;
  fin?: boolean;
}

/** Encodes one frame as a client would (masked unless told otherwise), valid or not. */
export function frame({ opcode, payload, mask = true, rsv1 = false, fin = true }: FrameOptions): Buffer {
  const first = (fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | (opcode & 0x0f);
  const maskBit = mask ? 0x80 : 0;
  let header: Buffer;
  if (payload.length < 126) header = Buffer.from([first, maskBit | payload.length]);
  else if (payload.length < 65536) {
    header = Buffer.from([first, maskBit | 126, 0, 0]);
    header.writeUInt16BE(payload.length, 2);
  } else {
    header = Buffer.from([first, maskBit | 127, 0, 0, 0, 0, 0, 0, 0, 0]);
    header.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  if (!mask) return Buffer.concat([header, payload]);
  const key = randomBytes(4);
  const masked = Buffer.from(payload);
  for (let i = 0; i < masked.length; i++) masked[i] = (masked[i] as number) ^ (key[i % 4] as number);
  return Buffer.concat([header, key, masked]);
}
