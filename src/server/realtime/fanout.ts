// Pushes that reach a user, or everyone, on whichever instance holds their sockets: published on
// the bus (which also delivers to this instance) and sent by each instance to its own sockets.
import type { ServerMessage } from '../../shared/protocol';
import type { Bus } from '../cluster/bus';
import type { Hub } from './hub';

/** What the pushes need of the room's money: a player's balances, and news of their changes. */
export interface BalanceSource {
  balances(userId: number): Promise<{ available: number; locked: number }>;
  onBalanceChanged(listener: (userId: number) => void): () => void;
}

type Push =
  | { kind: 'all'; message: ServerMessage }
  | { kind: 'user'; userId: number; message: ServerMessage }
  | { kind: 'table'; tableId: number; message: ServerMessage }
  | { kind: 'balance'; userId: number }
  | { kind: 'jackpot'; amount: number };

const CHANNEL = 'fanout';
/** The jackpot moves with nearly every raked pot: each instance pushes it at most this often. */
const JACKPOT_PUSH_MS = 250;
/**
 * ...and, since the push goes to every socket (one write each), no more often than this many ms
 * per socket held: 5,000 sockets keep 4 pushes a second, 20,000 get one a second, so the jackpot
 * costs the instance at most about 20,000 socket writes a second however many watch.
 */
const JACKPOT_PUSH_MS_PER_SOCKET = 0.05;

export class Fanout {
  private readonly off: Array<() => void> = [];
  private jackpotAmount = 0;
  private jackpotLastPush = 0;
  private jackpotTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly hub: Hub,
    private readonly money: BalanceSource,
  ) {
    this.off.push(bus.subscribe(CHANNEL, (m) => this.deliver(m as Push)));
    // Every change to a player's money reaches all of that player's tabs, on every instance.
    this.off.push(money.onBalanceChanged((userId) => this.publish({ kind: 'balance', userId })));
  }

  all(message: ServerMessage): void {
    this.publish({ kind: 'all', message });
  }
  user(userId: number, message: ServerMessage): void {
    this.publish({ kind: 'user', userId, message });
  }
  /** To every socket watching the table (table chat). */
  table(tableId: number, message: ServerMessage): void {
    this.publish({ kind: 'table', tableId, message });
  }
  jackpot(amount: number): void {
    this.publish({ kind: 'jackpot', amount });
  }

  private publish(push: Push): void {
    this.bus.publish(CHANNEL, push).catch(() => undefined);
  }

  private deliver(p: Push): void {
    const hub = this.hub;
    switch (p.kind) {
      case 'all':
        return hub.broadcast(p.message);
      case 'user':
        return hub.sendToUser(p.userId, p.message);
      case 'table':
        return hub.sendToTable(p.tableId, p.message);
      case 'balance':
        return this.pushBalance(p.userId);
      case 'jackpot':
        return this.pushJackpot(p.amount);
    }
  }

  private pushBalance(userId: number): void {
    if (!this.hub.isOnline(userId)) return;
    void this.money
      .balances(userId)
      .then((b) => this.hub.sendToUser(userId, { type: 'BALANCE_UPDATE', data: { userId, balance: b.available, locked: b.locked } }))
      .catch(() => undefined);
  }

  /** At once, then at most every JACKPOT_PUSH_MS with the latest amount. */
  private pushJackpot(amount: number): void {
    this.jackpotAmount = amount;
    if (this.jackpotTimer) return;
    const send = () => {
      this.jackpotTimer = null;
      this.jackpotLastPush = Date.now();
      this.hub.broadcast({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: this.jackpotAmount });
    };
    const every = Math.max(JACKPOT_PUSH_MS, this.hub.connections.size * JACKPOT_PUSH_MS_PER_SOCKET);
    const wait = this.jackpotLastPush + every - Date.now();
    if (wait <= 0) send();
    else this.jackpotTimer = setTimeout(send, wait);
  }

  close(): void {
    for (const off of this.off) off();
    if (this.jackpotTimer) clearTimeout(this.jackpotTimer);
  }
}
