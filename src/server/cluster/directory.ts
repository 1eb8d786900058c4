// Any instance serves any client: a table command goes to the actor if this instance owns the
// table, else over the bus to its owner, which answers on this instance's channel. A socket
// watching a table owned elsewhere is a viewer there: the owner builds its view as for a local
// one (secrecy is the owner's, as ever) and sends its frames here, one bus message per instance
// per publish, each distinct frame once with the sockets it goes to. When a table changes hands,
// every instance subscribes its watchers again with the new owner, which sends a full view.
import { randomBytes } from 'node:crypto';
import { Frame, textOf, type Payload } from '../core/frame';
import type { Bus } from './bus';
import type { Lease } from './leases';
import type { TableActor } from '../tables/actor';
import type { PlayerMove } from '../tables/hand';
import type { TableRegistry } from '../tables/registry';
import { fail, OK, type CommandResult } from '../tables/types';

/** A watching socket, wherever it is. */
export interface ViewerRef {
  instance: string;
  conn: string;
  userId: number | null;
}

export type SimulationState = { simulation: boolean; bots: number };

type Args = {
  sit: [user: { userId: number; username: string }, seat: number, buyIn: number];
  addChips: [userId: number, amount: number];
  sitOut: [userId: number];
  sitIn: [userId: number, postBlind: boolean];
  leave: [userId: number];
  kick: [userId: number];
  act: [userId: number, move: PlayerMove];
  contributeEntropy: [userId: number, entropy: string];
  startSimulation: [];
  stopSimulation: [];
  subscribe: [viewer: ViewerRef, autoMuck?: boolean];
  unsubscribe: [viewer: ViewerRef];
  simulation: [];
};
export type TableOp = keyof Args;
type Result<O extends TableOp> = O extends 'simulation' ? SimulationState : CommandResult;

type Message =
  | { t: 'req'; id: string; from: string; tableId: number; op: TableOp; args: unknown[] }
  | { t: 'res'; id: string; result: unknown }
  | { t: 'frames'; list: Array<[text: string, conns: string[]]> };

const MOVED = fail('TABLE_MOVED', 'This table is moving to another server; try again in a moment');
const CALL_TIMEOUT_MS = 5_000;
/** How long a lease may show a new owner before its announcement is taken as missed. */
const ANNOUNCE_GRACE_MS = 3_000;

export interface DirectoryHost {
  /** Sends a frame to a socket of this instance (if it is still open). */
  send(conn: string, payload: Payload): void;
  /** This instance's sockets watching the table. */
  watchers(tableId: number): ViewerRef[];
  log: { warn(obj: unknown, msg?: string): void };
}

export class TableDirectory {
  private readonly owners = new Map<number, string>();
  /** Tables whose lease shows another owner than we route to, since when (refresh). */
  private readonly pendingSince = new Map<number, number>();
  private tables = new Set<number>();
  private readonly pending = new Map<string, (result: unknown) => void>();
  private outbox = new Map<string, Map<string, string[]>>();
  private flushQueued = false;
  private seq = 0;
  private readonly off: () => void;

  constructor(
    private readonly bus: Bus,
    private readonly registry: TableRegistry,
    private readonly host: DirectoryHost,
  ) {
    this.off = bus.subscribe(this.channel(bus.instanceId), (m) => void this.receive(m as Message));
  }

  get instanceId(): string {
    return this.bus.instanceId;
  }

  private channel(instance: string): string {
    return `inst:${instance}`;
  }

  exists(tableId: number): boolean {
    return this.tables.has(tableId) || this.registry.get(tableId) !== undefined;
  }

  /**
   * A table created a moment ago on another instance is not routed yet (the owner announces it
   * within a lease tick): wait up to `ms` for an owner. True once it can be called.
   */
  async routed(tableId: number, ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.ownerOf(tableId) === null) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  }

  ownerOf(tableId: number): string | null {
    return this.registry.get(tableId) ? this.instanceId : (this.owners.get(tableId) ?? null);
  }

  /**
   * The live tables and their owners (every tick, from the database): the fallback for a missed
   * announcement. A lease can show a new owner before it has opened the table, so this only
   * re-routes; watchers are subscribed again on the owner's announcement (or, if it never
   * comes, on a later refresh that still finds a change).
   */
  refresh(tableIds: number[], leases: Lease[]): void {
    this.tables = new Set(tableIds);
    for (const l of leases) {
      if (l.expired || this.owners.get(l.tableId) === l.owner) continue;
      // Never routed (this instance just started): route now.
      if (!this.owners.has(l.tableId)) this.ownerChanged(l.tableId, l.owner);
      else this.pendingSince.set(l.tableId, this.pendingSince.get(l.tableId) ?? Date.now());
    }
    for (const [tableId, since] of this.pendingSince) {
      const lease = leases.find((l) => l.tableId === tableId && !l.expired);
      if (!lease || this.owners.get(tableId) === lease.owner) this.pendingSince.delete(tableId);
      else if (Date.now() - since > ANNOUNCE_GRACE_MS) this.ownerChanged(tableId, lease.owner);
    }
  }

  /** An owner announced that it opened the table (or gave it up: null); its watchers here follow. */
  ownerChanged(tableId: number, owner: string | null): void {
    this.pendingSince.delete(tableId);
    if (owner === null) {
      this.owners.delete(tableId);
      return;
    }
    this.owners.set(tableId, owner);
    this.tables.add(tableId);
    for (const viewer of this.host.watchers(tableId)) void this.call(tableId, 'subscribe', [viewer]);
  }

  /**
   * Viewers of this instance's tables whose instance is dead (not seen within two lease
   * lifetimes) go: their sockets are gone, and their players are not connected any more.
   */
  prune(seen: Set<string>): void {
    for (const actor of this.registry.all())
      for (const key of actor.viewerKeys()) {
        const slash = key.indexOf('/');
        if (slash > 0 && !seen.has(key.slice(0, slash))) void actor.unsubscribe(key);
      }
  }

  /** Subscribes every watcher here again with its table's owner (after Redis or this instance was away). */
  resubscribeAll(): void {
    for (const [tableId, owner] of this.owners) if (owner !== this.instanceId) this.ownerChanged(tableId, owner);
  }

  /** Runs a table command where the table lives. */
  async call<O extends TableOp>(tableId: number, op: O, args: Args[O]): Promise<Result<O>> {
    const actor = this.registry.get(tableId);
    if (actor) return (await this.runLocal(actor, op, args as unknown[])) as Result<O>;
    const owner = this.owners.get(tableId);
    if (!owner) return (op === 'simulation' ? { simulation: false, bots: 0 } : MOVED) as Result<O>;
    const id = `${this.instanceId}:${++this.seq}:${randomBytes(3).toString('hex')}`;
    const result = await new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(op === 'simulation' ? { simulation: false, bots: 0 } : MOVED);
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(r);
      });
      this.bus
        .publish(this.channel(owner), { t: 'req', id, from: this.instanceId, tableId, op, args: args as unknown[] } satisfies Message)
        .catch(() => this.pending.get(id)?.(MOVED));
    });
    return result as Result<O>;
  }

  private async receive(m: Message): Promise<void> {
    if (m.t === 'res') return this.pending.get(m.id)?.(m.result);
    if (m.t === 'frames') {
      // Each distinct frame is encoded once here too, for all the sockets it goes to.
      for (const [text, conns] of m.list) {
        const frame = new Frame(text);
        for (const conn of conns) this.host.send(conn, frame);
      }
      return;
    }
    const actor = this.registry.get(m.tableId);
    const result = actor ? await this.runLocal(actor, m.op, m.args) : m.op === 'simulation' ? { simulation: false, bots: 0 } : MOVED;
    await this.bus.publish(this.channel(m.from), { t: 'res', id: m.id, result } satisfies Message);
  }

  private runLocal(actor: TableActor, op: TableOp, a: unknown[]): Promise<CommandResult | SimulationState> | CommandResult | SimulationState {
    const args = a as never[];
    switch (op) {
      case 'sit':
        return actor.sit(args[0], args[1], args[2]);
      case 'addChips':
        return actor.addChips(args[0], args[1]);
      case 'sitOut':
        return actor.sitOut(args[0]);
      case 'sitIn':
        return actor.sitIn(args[0], args[1]);
      case 'leave':
        return actor.leave(args[0]);
      case 'kick':
        return actor.kick(args[0]);
      case 'act':
        return actor.act(args[0], args[1]);
      case 'contributeEntropy':
        return actor.contributeEntropy(args[0], args[1]);
      case 'startSimulation':
        return actor.startSimulation();
      case 'stopSimulation':
        return actor.stopSimulation();
      case 'simulation':
        return { simulation: actor.isSimulating(), bots: actor.viewFor(null).seats.filter((s) => s?.isBot).length };
      case 'subscribe':
        return this.subscribeLocal(actor, args[0] as ViewerRef, args[1] as boolean | undefined);
      case 'unsubscribe':
        return actor.unsubscribe(this.viewerKey(args[0] as ViewerRef)).then(() => OK);
    }
  }

  private viewerKey(v: ViewerRef): string {
    return v.instance === this.instanceId ? v.conn : `${v.instance}/${v.conn}`;
  }

  private async subscribeLocal(actor: TableActor, v: ViewerRef, autoMuck?: boolean): Promise<CommandResult> {
    const key = this.viewerKey(v);
    const send = v.instance === this.instanceId ? (m: Payload) => this.host.send(v.conn, m) : (m: Payload) => this.queue(v.instance, v.conn, textOf(m));
    await actor.unsubscribe(key);
    await actor.subscribe({ key, userId: v.userId, send }, { autoMuck });
    return OK;
  }

  /** A frame for a socket of another instance: one bus message per instance per turn of the loop. */
  private queue(instance: string, conn: string, text: string): void {
    let frames = this.outbox.get(instance);
    if (!frames) this.outbox.set(instance, (frames = new Map()));
    const conns = frames.get(text);
    if (conns) conns.push(conn);
    else frames.set(text, [conn]);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    const outbox = this.outbox;
    this.outbox = new Map();
    for (const [instance, frames] of outbox) {
      const message: Message = { t: 'frames', list: [...frames] };
      this.bus.publish(this.channel(instance), message).catch((e) => this.host.log.warn({ err: String(e) }, 'frames not sent'));
    }
  }

  close(): void {
    this.off();
    for (const resolve of this.pending.values()) resolve(MOVED);
  }
}
