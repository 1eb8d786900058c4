// One server message prepared once for any number of sockets. A fan-out (a table event to its
// watchers, the jackpot to everyone) used to hand the same string to every socket, and each
// socket encoded it to UTF-8 and framed it again; a Frame keeps the text, and builds the whole
// WebSocket frame (header and payload, RFC 6455 §5.2: final, text, unmasked, uncompressed) once,
// on first use, for every socket to write as it is.
//
// The bytes are valid only on a connection without permessage-deflate (a compressed connection
// needs its own deflated copy): the websocket plugin does not enable it (src/server/plugins/live.ts),
// and the socket writer (socket.ts) falls back to ws's send() if an extension was ever negotiated.

export class Frame {
  private framed: Buffer | null = null;

  constructor(readonly text: string) {}

  static of(message: unknown): Frame {
    return new Frame(JSON.stringify(message));
  }

  /** The whole frame, built once and shared: never modify it. */
  get bytes(): Buffer {
    if (this.framed) return this.framed;
    const length = Buffer.byteLength(this.text);
    const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
    const buf = Buffer.allocUnsafe(head + length);
    buf[0] = 0x81; // FIN, opcode 1 (text); RSV1 clear (not compressed)
    if (length < 126) buf[1] = length;
    else if (length < 65_536) {
      buf[1] = 126;
      buf.writeUInt16BE(length, 2);
    } else {
      buf[1] = 127;
      buf.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
      buf.writeUInt32BE(length >>> 0, 6);
    }
    buf.write(this.text, head, 'utf8');
    this.framed = buf;
    return buf;
  }
}

/** What a socket is given to send: a message's text (one socket) or a Frame (shared by many). */
export type Payload = string | Frame;

export function textOf(payload: Payload): string {
  return typeof payload === 'string' ? payload : payload.text;
}

/** The part of a ws server-side WebSocket the writer uses (tests give a fake). */
export interface WritableSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes accepted but not yet handed to the kernel (ws: the TCP socket's queue and the sender's). */
  readonly bufferedAmount: number;
  /** Negotiated extensions ('' when none). */
  readonly extensions: string;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** The TCP socket under a ws WebSocket (ws keeps it as `_socket`). */
interface RawSocket {
  cork(): void;
  uncork(): void;
  write(data: Buffer): boolean;
}

export interface WriterOptions {
  /** Past this many bytes waiting to go out, the socket is closed: the reader is too slow. */
  maxBufferedBytes: number;
  closeCode: number;
  /** After the close frame, how long the peer has to read it before the socket is destroyed. */
  terminateAfterMs?: number;
  /** Frames and bytes written, added up here (plain numbers: the metrics read them at a scrape). */
  tally?: FrameTally;
}

/** Frames and bytes written to sockets so far, and the writes they went in (one per socket per turn). */
export interface FrameTally {
  frames: number;
  bytes: number;
  writes?: number;
}

// Every socket written to in one turn of the event loop is corked at its first write and
// uncorked together at the end of the turn: a publish of several events, or an event and a
// jackpot update, leaves each socket in one write (one system call), and one callback
// uncorks them all instead of one per socket.
const corked: Array<() => void> = [];
function uncorkAll(): void {
  const list = corked.splice(0);
  for (const uncork of list) uncork();
}

/**
 * Sends payloads to one socket: a Frame's prepared bytes written to the TCP socket as they are
 * (the same buffer for every socket), a string through ws. A socket whose unsent data passes
 * `maxBufferedBytes` is closed with `closeCode` (and destroyed if it does not read even that):
 * one slow or stalled reader cannot make the server buffer without limit.
 */
export function socketWriter(socket: WritableSocket, opts: WriterOptions): (payload: Payload) => void {
  const raw = (socket as unknown as { _socket?: RawSocket })._socket;
  let isCorked = false;
  let tooSlow = false;
  const uncork = () => {
    isCorked = false;
    raw!.uncork();
  };
  return (payload) => {
    if (tooSlow || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > opts.maxBufferedBytes) {
      tooSlow = true;
      socket.close(opts.closeCode, 'Too slow: messages are not being read');
      setTimeout(() => socket.terminate(), opts.terminateAfterMs ?? 5_000).unref?.();
      return;
    }
    if (raw && !isCorked) {
      isCorked = true;
      raw.cork();
      if (corked.push(uncork) === 1) process.nextTick(uncorkAll);
      if (opts.tally) opts.tally.writes = (opts.tally.writes ?? 0) + 1;
    }
    // Pre-framed bytes only when ws's sender is a plain pass-through (no compression).
    if (typeof payload !== 'string' && raw && !socket.extensions) raw.write(payload.bytes);
    else socket.send(textOf(payload));
    const { tally } = opts;
    if (tally) {
      tally.frames++;
      tally.bytes += typeof payload === 'string' ? Buffer.byteLength(payload) : payload.bytes.length;
    }
  };
}
