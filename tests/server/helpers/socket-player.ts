// A human at a table over a real socket: plays a random legal action as soon as it is its turn,
// reloads when busted, and keeps every frame it received (for secrecy checks).
import WebSocket from 'ws';
import { applyTablePatch, type ServerMessage, type TableView } from '../../../src/shared/protocol';

export class SocketPlayer {
  private ws!: WebSocket;
  private view: TableView | null = null;
  private inflight: string | null = null;
  private n = 0;
  actions = 0;
  /** Every frame received, as text, with the hand being played when it came (null between hands). */
  readonly frames: Array<{ handId: number | null; text: string }> = [];
  /** Every message received that is not a table frame (chat, balance, jackpot, errors). */
  readonly messages: ServerMessage[] = [];
  /** Set to stop acting on its turns (the player still watches, and still sits in again when sat out). */
  paused = false;
  /** Only checks and calls (never folds, bets or raises): a predictable opponent for scenarios. */
  passive = false;
  /** The server socket it is connected to. */
  url = '';

  constructor(
    readonly userId: number,
    private token: string,
    readonly tableId: number,
    private buyIn: number,
  ) {}

  /** Connects, signs in, watches and sits (a player still seated after a restart stays seated). */
  async join(url: string, seat: number): Promise<void> {
    this.close();
    this.url = url;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.view = null;
    this.inflight = null;
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('error', () => {});
    const acks = new Map<string, (m: ServerMessage) => void>();
    ws.on('message', (data) => {
      if (this.ws !== ws) return;
      const text = String(data);
      const m = JSON.parse(text) as ServerMessage;
      if ((m.type === 'ACK' || m.type === 'ERROR') && m.requestId) {
        const waiter = acks.get(m.requestId);
        if (waiter) {
          acks.delete(m.requestId);
          waiter(m);
        }
        if (m.requestId === this.inflight) {
          this.inflight = null;
          setTimeout(() => this.maybeAct(), m.type === 'ERROR' ? 120 : 0);
        }
        return;
      }
      if (m.type !== 'GAME' || (m.action !== 'TABLE_STATE' && m.action !== 'TABLE_EVENT')) {
        this.messages.push(m);
        return;
      }
      if (m.tableId !== this.tableId) return;
      if (m.action === 'TABLE_STATE') this.view = m.state;
      else if (this.view) this.view = applyTablePatch(this.view, m.patch);
      this.frames.push({ handId: this.view?.hand?.handId ?? null, text });
      this.maybeAct();
    });
    const request = (msg: Record<string, unknown>) =>
      new Promise<ServerMessage>((resolve) => {
        const requestId = `r${++this.n}`;
        acks.set(requestId, resolve);
        ws.send(JSON.stringify({ ...msg, requestId }));
      });
    this.request = request;
    const ok = (m: ServerMessage, what: string) => {
      if (m.type !== 'ACK') throw new Error(`${what}: ${JSON.stringify(m)}`);
    };
    ok(await request({ type: 'AUTH', token: this.token }), 'auth');
    ok(await request({ type: 'GAME', action: 'SUBSCRIBE', tableId: this.tableId }), 'subscribe');
    // A table between two owners (a takeover, a hand-over) answers TABLE_MOVED: try again, as the app does.
    let sat = await request({ type: 'GAME', action: 'SIT', tableId: this.tableId, seat, buyIn: this.buyIn });
    for (let i = 0; i < 40 && sat.type === 'ERROR' && sat.code === 'TABLE_MOVED'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      sat = await request({ type: 'GAME', action: 'SIT', tableId: this.tableId, seat, buyIn: this.buyIn });
    }
    if (!(sat.type === 'ERROR' && sat.code === 'ALREADY_SEATED')) ok(sat, 'sit');
  }

  /** Sends a request on the current socket and resolves with its ACK or ERROR. */
  request: (msg: Record<string, unknown>) => Promise<ServerMessage> = async () => {
    throw new Error('not connected');
  };

  /** A hand is being played at this table, as this player sees it. */
  handRunning(): boolean {
    return !!this.view?.hand && this.view.hand.toAct !== null;
  }

  /** What this player sees of their seat and the hand (a failed wait says it). */
  describe(): string {
    const v = this.view;
    if (!v) return 'no view';
    const me = v.mySeat === null ? null : v.seats[v.mySeat];
    return JSON.stringify({
      mySeat: v.mySeat,
      state: me?.state,
      stack: me?.stack,
      hand: v.hand && { handId: v.hand.handId, toAct: v.hand.toAct, street: v.hand.street },
    });
  }

  /** A hand waits for this player's action. */
  myTurn(): boolean {
    return !!this.view?.hand && this.view.mySeat !== null && this.view.hand.toAct === this.view.mySeat;
  }

  get seated(): boolean {
    return this.view?.mySeat !== null && this.view?.mySeat !== undefined;
  }

  private send(action: string, extra: Record<string, unknown> = {}) {
    const requestId = `a${++this.n}`;
    this.inflight = requestId;
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'GAME', action, tableId: this.tableId, requestId, ...extra }));
  }

  private maybeAct(): void {
    const v = this.view;
    if (!v || this.inflight || v.mySeat === null) return;
    const me = v.seats[v.mySeat];
    if (!me) return;
    if (me.state === 'SITTING_OUT' && !me.leaving) {
      // Busted (or timed out): reload and come back.
      if (me.stack === 0) this.send('ADD_CHIPS', { amount: this.buyIn });
      else this.send('SIT_IN');
      return;
    }
    const legal = v.hand?.legal;
    if (this.paused || !legal || v.hand!.toAct !== v.mySeat) return;
    this.actions++;
    if (this.passive) return this.send(legal.canCheck ? 'CHECK' : 'CALL');
    const r = Math.random();
    const aggressive = (legal.canBet || legal.canRaise) && legal.minRaiseTo !== null && legal.maxRaiseTo !== null;
    if (r < 0.1 && legal.canFold && !legal.canCheck) return this.send('FOLD');
    if (r < 0.3 && aggressive) {
      const lo = legal.minRaiseTo!;
      const hi = legal.maxRaiseTo!;
      const amount = Math.random() < 0.15 ? hi : Math.min(hi, lo + Math.floor(Math.random() * Math.min(hi - lo + 1, 3 * lo)));
      return this.send(legal.canBet ? 'BET' : 'RAISE', { amount });
    }
    this.send(legal.canCheck ? 'CHECK' : 'CALL');
  }

  close(): void {
    this.ws?.removeAllListeners('message');
    this.ws?.terminate();
  }
}
