// Any instance serves any client: a command for a unit (a table) runs where the unit lives, here or
// over the bus on its owner, which answers on this instance's channel. The directory never looks
// inside a command: it forwards the value unchanged and hands back the owner's answer.
// A socket watching a unit owned elsewhere is a viewer there: the owner builds its frames as for
// a local one and sends them here, one bus message per instance per turn of the event loop, each
// distinct frame once with the sockets it goes to. When a unit changes hands, every instance
// subscribes its watchers again with the new owner, which sends a full view.
import { randomBytes } from 'node:crypto';
import { Frame, textOf, type Payload } from '../core/frame';
import type { Bus } from './bus';
import type { Lease } from './leases';
import type { ViewerRef, ViewerSink } from './viewers';

type Message<C> =
  | { t: 'req'; id: string; from: string; unit: number; command: C; reqId?: string }
  | { t: 'res'; id: string; result: unknown }
  | { t: 'frames'; list: Array<[text: string, conns: string[]]> };

const CALL_TIMEOUT_MS = 5_000;

/** Why a command found nobody to run it: no owner now, or an owner that did not answer. */
export type Unavailable = 'unowned' | 'timeout';
/** How long a lease may show a new owner before its announcement is taken as missed. */
const ANNOUNCE_GRACE_MS = 3_000;

/** What the directory needs of this instance: its units, its sockets, the commands it may send itself. */
export interface DirectoryHost<C> {
  /**
   * Runs the command if this instance holds the unit; undefined when it does not. `reqId` names
   * the request it serves in the logs; `from` is the instance that sent it (absent: this one).
   */
  runLocal(unit: number, command: C, reqId?: string, from?: string): Promise<unknown> | undefined;
  /**
   * The answer to a command whose unit has no owner now (moving, or gone: `unowned`), or whose
   * owner did not answer in time or could not be reached (`timeout`).
   */
  unavailable(command: C, why: Unavailable): unknown;
  /** The command that subscribes a viewer again (after the unit changed hands). */
  subscribe(viewer: ViewerRef): C;
  /** Sends a frame to a socket of this instance (if it is still open). */
  send(conn: string, payload: Payload): void;
  /** This instance's sockets watching the unit. */
  watchers(unit: number): ViewerRef[];
  log: { warn(obj: unknown, msg?: string): void; debug?(obj: unknown, msg?: string): void };
}

export class Directory<C> {
  private readonly owners = new Map<number, string>();
  /** Units whose lease shows another owner than we route to, since when (refresh). */
  private readonly pendingSince = new Map<number, number>();
  private units = new Set<number>();
  private local: (unit: number) => boolean = () => false;
  private readonly pending = new Map<string, { resolve: (result: unknown) => void; fallback: unknown }>();
  private outbox = new Map<string, Map<string, string[]>>();
  private flushQueued = false;
  private seq = 0;
  private readonly off: () => void;

  constructor(
    private readonly bus: Bus,
    private readonly host: DirectoryHost<C>,
    /** The instances' channels' name: each kind of unit (tables, pools) has its own, so their ids never meet. */
    private readonly prefix = 'inst',
  ) {
    this.off = bus.subscribe(this.channel(bus.instanceId), (m) => void this.receive(m as Message<C>));
  }

  get instanceId(): string {
    return this.bus.instanceId;
  }

  /** Which units this instance holds now (its actors), asked at every routing decision. */
  setLocal(holds: (unit: number) => boolean): void {
    this.local = holds;
  }

  private channel(instance: string): string {
    return `${this.prefix}:${instance}`;
  }

  exists(unit: number): boolean {
    return this.units.has(unit) || this.local(unit);
  }

  /**
   * A unit created a moment ago on another instance is not routed yet (the owner announces it
   * within a lease tick): wait up to `ms` for an owner. True once it can be called.
   */
  async routed(unit: number, ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.ownerOf(unit) === null) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  }

  ownerOf(unit: number): string | null {
    return this.local(unit) ? this.instanceId : (this.owners.get(unit) ?? null);
  }

  /**
   * The live units and their owners (every tick, from the database): the fallback for a missed
   * announcement. A lease can show a new owner before it has opened the unit, so this only
   * re-routes; watchers are subscribed again on the owner's announcement (or, if it never
   * comes, on a later refresh that still finds a change).
   */
  refresh(units: number[], leases: Lease[]): void {
    this.units = new Set(units);
    for (const l of leases) {
      if (l.expired || this.owners.get(l.tableId) === l.owner) continue;
      // Never routed (this instance just started): route now.
      if (!this.owners.has(l.tableId)) this.ownerChanged(l.tableId, l.owner);
      else this.pendingSince.set(l.tableId, this.pendingSince.get(l.tableId) ?? Date.now());
    }
    for (const [unit, since] of this.pendingSince) {
      const lease = leases.find((l) => l.tableId === unit && !l.expired);
      if (!lease || this.owners.get(unit) === lease.owner) this.pendingSince.delete(unit);
      else if (Date.now() - since > ANNOUNCE_GRACE_MS) this.ownerChanged(unit, lease.owner);
    }
  }

  /** An owner announced that it opened the unit (or gave it up: null); its watchers here follow. */
  ownerChanged(unit: number, owner: string | null): void {
    this.pendingSince.delete(unit);
    if (owner === null) {
      this.owners.delete(unit);
      return;
    }
    this.owners.set(unit, owner);
    this.units.add(unit);
    for (const viewer of this.host.watchers(unit)) void this.call(unit, this.host.subscribe(viewer));
  }

  /** Subscribes every watcher here again with its unit's owner (after Redis or this instance was away). */
  resubscribeAll(): void {
    for (const [unit, owner] of this.owners) if (owner !== this.instanceId) this.ownerChanged(unit, owner);
  }

  /**
   * Runs a command where its unit lives; the owner's answer, or `unavailable` when there is none.
   * `reqId` (a socket command's id) goes with it to the owner, which logs it.
   */
  async call(unit: number, command: C, reqId?: string): Promise<unknown> {
    const here = this.host.runLocal(unit, command, reqId);
    if (here) return here;
    const owner = this.owners.get(unit);
    if (!owner || owner === this.instanceId) return this.host.unavailable(command, 'unowned');
    const id = `${this.instanceId}:${++this.seq}:${randomBytes(3).toString('hex')}`;
    const sentAt = performance.now();
    return new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.host.log.warn({ reqId, unit, owner }, 'command not answered by its owner in time');
        resolve(this.host.unavailable(command, 'timeout'));
      }, CALL_TIMEOUT_MS);
      const fallback = this.host.unavailable(command, 'timeout');
      this.pending.set(id, {
        fallback,
        resolve: (r) => {
          clearTimeout(timer);
          this.pending.delete(id);
          if (reqId) this.host.log.debug?.({ reqId, unit, owner, ms: Math.round(performance.now() - sentAt) }, 'command answered by its owner');
          resolve(r);
        },
      });
      this.bus
        .publish(this.channel(owner), { t: 'req', id, from: this.instanceId, unit, command, reqId } satisfies Message<C>)
        .catch(() => this.pending.get(id)?.resolve(fallback));
    });
  }

  private async receive(m: Message<C>): Promise<void> {
    if (m.t === 'res') return this.pending.get(m.id)?.resolve(m.result);
    if (m.t === 'frames') {
      // Each distinct frame is encoded once here too, for all the sockets it goes to.
      for (const [text, conns] of m.list) {
        const frame = new Frame(text);
        for (const conn of conns) this.host.send(conn, frame);
      }
      return;
    }
    const result = (await this.host.runLocal(m.unit, m.command, m.reqId, m.from)) ?? this.host.unavailable(m.command, 'unowned');
    await this.bus.publish(this.channel(m.from), { t: 'res', id: m.id, result } satisfies Message<C>);
  }

  /** Where a viewer's frames go from this owner: its own socket, or a queue to its instance. */
  sink(v: ViewerRef): ViewerSink {
    if (v.instance === this.instanceId) return { key: v.conn, send: (m: Payload) => this.host.send(v.conn, m) };
    return { key: `${v.instance}/${v.conn}`, send: (m: Payload) => this.queue(v.instance, v.conn, textOf(m)) };
  }

  /** The instance a viewer key (from `sink`) belongs to, or null for this one's own sockets. */
  static instanceOfKey(key: string): string | null {
    const slash = key.indexOf('/');
    return slash > 0 ? key.slice(0, slash) : null;
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
      const message: Message<C> = { t: 'frames', list: [...frames] };
      this.bus.publish(this.channel(instance), message).catch((e) => this.host.log.warn({ err: String(e) }, 'frames not sent'));
    }
  }

  close(): void {
    this.off();
    for (const p of this.pending.values()) p.resolve(p.fallback);
  }
}
