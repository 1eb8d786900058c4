import type { WebSocketLike } from '../../src/shared/socket';

/**
 * The one WebSocket stand-in for the tests: a test opens, drops and pushes server frames by hand,
 * and reads what the client sent with `sentJson()`. Reset `FakeWebSocket.instances = []` between
 * tests that count sockets.
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  static last(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: string[] = [];
  /** True once the client called close(). */
  closed = false;
  private acked = new Set<string>();

  constructor(public url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }

  // test controls
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(msg: unknown) {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
  sentJson(): Array<Record<string, unknown>> {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }
  /** ACKs every GAME request sent so far that has not been answered. */
  ackAll() {
    for (const m of this.sentJson()) {
      if (typeof m.requestId === 'string' && !this.acked.has(m.requestId)) {
        this.acked.add(m.requestId);
        this.push({ type: 'ACK', requestId: m.requestId });
      }
    }
  }
}
