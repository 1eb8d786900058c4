// Who watches a table and what each of them is sent: a whole view on subscribe, then versioned
// events with patches. Views are per viewer (view.ts): own hole cards and own card openings only.
// What many viewers get alike (the events, the public patch, a spectator's whole view) is
// encoded once per publish as a Frame and the same bytes go to all of them.
import type { CardOpeningView, LastHandView, SeatView, ServerMessage, TableEvent, TableView, TableViewPatch } from '../../shared/protocol';
import { Frame, type Payload } from '../core/frame';
import { seatToAct } from '../../poker/table';
import type { TableState } from './state';
import type { Seat } from './types';
import type { ActorDeps } from './deps';
import { handView, ownerSeatView, publicSeatView, sameSeatView, tableView } from './view';

export interface Viewer {
  key: string;
  userId: number | null;
  /** A Frame may be shared by many viewers: send its bytes or its text, never change it. */
  send(message: Payload): void;
}

type PublicSeats = Record<number, SeatView | null>;

export class Viewers {
  private viewers = new Map<string, Viewer>();
  private version = 0;
  private lastHand: LastHandView | null = null;
  /** The lastHand the viewers have: patches carry it only when it changed (clients keep it). */
  private lastHandSent: LastHandView | null | undefined = undefined;
  /** Openings of the last hand's hole cards, by user: only ever in that player's own view. */
  private lastHandMine = new Map<number, CardOpeningView[]>();
  private nextSeedHashSent: string | null | undefined = undefined;
  /**
   * A spectator's whole view as JSON, for the version it was built at: a burst of watchers
   * subscribing (a reconnect storm) costs one view per version, not one per socket, inside the
   * table's queue. Dropped on every change that does not come with a new version (resend, lastHand).
   */
  private spectatorState: { version: number; json: string } | null = null;
  /**
   * Each seat's public view as every viewer has it from the patches so far: a publish re-sends
   * only the seats that differ (an action changes one seat, not all nine). Cleared whenever a
   * whole view goes out, since that viewer may hold a state no patch carried.
   */
  private sentSeats = new Map<number, SeatView | null>();

  constructor(
    private table: TableState,
    private deps: Pick<ActorDeps, 'clock' | 'onAction' | 'onLobbyChange'>,
  ) {}

  viewFor(userId: number | null): TableView {
    const t = this.table;
    const seat = userId === null ? null : t.seatOf(userId);
    return tableView(t.config, t.seats, t.run, this.lastHandFor(userId), seat?.seat ?? null, t.simulation, t.nextSeedHash);
  }

  /** The last hand as this viewer may see it: with the openings of their own hole cards. */
  private lastHandFor(userId: number | null): LastHandView | null {
    const mine = userId === null ? undefined : this.lastHandMine.get(userId);
    return this.lastHand && mine ? { ...this.lastHand, mine } : this.lastHand;
  }

  /** A settled hand's result; the next publish carries it. */
  setLastHand(lastHand: LastHandView, mine: Map<number, CardOpeningView[]>): void {
    this.lastHand = lastHand;
    this.lastHandMine = mine;
    this.spectatorState = null;
  }

  /** Adds (or replaces) a viewer and sends the whole view; a player's first socket connects the seat. */
  join(viewer: Viewer): void {
    const fresh = !this.viewers.has(viewer.key);
    this.viewers.set(viewer.key, viewer);
    this.sendState(viewer);
    const seat = viewer.userId === null ? null : this.table.seatOf(viewer.userId);
    if (seat && fresh) {
      seat.connections++;
      if (seat.connections === 1) this.publish([{ kind: 'CONNECTION', seat: seat.seat, connected: true }], [seat.seat]);
    }
  }

  leave(viewerKey: string): void {
    const viewer = this.viewers.get(viewerKey);
    if (!viewer) return;
    this.viewers.delete(viewerKey);
    const seat = viewer.userId === null ? null : this.table.seatOf(viewer.userId);
    if (seat && seat.connections > 0) {
      seat.connections--;
      if (seat.connections === 0) this.publish([{ kind: 'CONNECTION', seat: seat.seat, connected: false }], [seat.seat]);
    }
  }

  /** Every viewer's key (pruning the viewers of instances that died). */
  keys(): string[] {
    return [...this.viewers.keys()];
  }

  /** Open sockets of this user on the table (a seat taken by a watching player starts connected). */
  connections(userId: number): number {
    let n = 0;
    for (const v of this.viewers.values()) if (v.userId === userId) n++;
    return n;
  }

  /** A whole fresh view to every viewer (settings changed), or to one user's sockets (seat gone). */
  resend(userId?: number): void {
    this.spectatorState = null;
    for (const v of this.viewers.values()) if (userId === undefined || v.userId === userId) this.sendState(v);
  }

  private sendState(viewer: Viewer): void {
    this.sentSeats.clear();
    const tableId = this.table.config.tableId;
    const serverTime = this.deps.clock.now();
    if (this.seesPublicView(viewer.userId)) {
      if (this.spectatorState?.version !== this.version) this.spectatorState = { version: this.version, json: JSON.stringify(this.viewFor(null)) };
      // The same text JSON.stringify would give for the message below (key order kept).
      viewer.send(
        `{"type":"GAME","action":"TABLE_STATE","tableId":${tableId},"version":${this.version},"state":${this.spectatorState.json},"serverTime":${serverTime}}`,
      );
      return;
    }
    const msg: ServerMessage = { type: 'GAME', action: 'TABLE_STATE', tableId, version: this.version, state: this.viewFor(viewer.userId), serverTime };
    viewer.send(JSON.stringify(msg));
  }

  /** Whether this viewer's whole view is a spectator's: no seat here and no openings of their own. */
  private seesPublicView(userId: number | null): boolean {
    return userId === null || (!this.table.seatOf(userId) && !this.lastHandMine.has(userId));
  }

  /** Re-sends a seat to everyone, and a fresh `mySeat` to its owner; the lobby's counts may change. */
  seatChanged(events: TableEvent[], seat: number): void {
    this.publish(events, [seat]);
    this.deps.onLobbyChange(this.table.config.tableId);
  }

  /**
   * Sends each event to every viewer; the last carries the patch. Seats in `changed` are re-sent:
   * to their owner with the hole cards, to everyone else without.
   */
  publish(events: TableEvent[], changed: Iterable<number>, handChanged = false): void {
    if (events.length === 0) return;
    const t = this.table;
    const tableId = t.config.tableId;
    const first = this.version + 1;
    this.version += events.length;
    if (this.deps.onAction)
      events.forEach((e, k) => {
        if (e.kind === 'ACTED') this.deps.onAction!(tableId, first + k, t.actionAt);
      });
    this.spectatorState = null;
    if (this.viewers.size === 0) {
      // Nobody watches (house bots alone, or everyone gone): nothing to build or encode. Whoever
      // comes next gets the whole view (sendState), which holds all of it.
      this.sentSeats.clear();
      this.lastHandSent = this.lastHand;
      this.nextSeedHashSent = t.nextSeedHash;
      return;
    }
    const changedSeats = [...new Set(changed)];
    const publicSeats: PublicSeats = {};
    for (const s of changedSeats) {
      const seat = t.seats[s];
      const view = seat ? publicSeatView(seat, t.run) : null;
      const sent = this.sentSeats.get(s);
      if (sent !== undefined && sameSeatView(sent, view)) continue;
      publicSeats[s] = view;
      this.sentSeats.set(s, view);
    }
    const serverTime = this.deps.clock.now();
    // Every viewer gets the same first events: each encoded once for all of them.
    const head = events
      .slice(0, -1)
      .map((event, k) => Frame.of({ type: 'GAME', action: 'TABLE_EVENT', tableId, version: first + k, event, patch: {}, serverTime }));
    const last = events[events.length - 1];
    const lastVersion = this.version;
    const frame = (patch: TableViewPatch) => Frame.of({ type: 'GAME', action: 'TABLE_EVENT', tableId, version: lastVersion, event: last, patch, serverTime });
    const basePatch = this.basePatch(publicSeats, handChanged);
    // The copy of the last event for everyone without a seat or openings of their own.
    const publicFrame = frame(basePatch);
    const toAct = t.run ? seatToAct(t.run) : null;
    for (const viewer of this.viewers.values()) {
      for (const f of head) viewer.send(f);
      const seat = viewer.userId === null ? null : t.seatOf(viewer.userId);
      // A player's own hole-card openings go in their own copy of the last hand only.
      const mine = basePatch.lastHand && viewer.userId !== null ? this.lastHandMine.get(viewer.userId) : undefined;
      const ownSeat = !!seat && (changedSeats.includes(seat.seat) || (handChanged && toAct === seat.seat));
      if (!mine && !ownSeat) viewer.send(publicFrame);
      else viewer.send(frame(this.ownPatch(basePatch, publicSeats, seat, mine, changedSeats, handChanged && seat !== null && toAct === seat.seat)));
    }
  }

  /** The patch everyone gets: changed seats without hole cards, and what changed of the table. */
  private basePatch(publicSeats: PublicSeats, handChanged: boolean): TableViewPatch {
    const t = this.table;
    const patch: TableViewPatch = { seats: publicSeats };
    if (handChanged) patch.hand = handView(t.run, null);
    if (this.lastHand !== this.lastHandSent) {
      patch.lastHand = this.lastHand;
      this.lastHandSent = this.lastHand;
    }
    if (t.nextSeedHash !== this.nextSeedHashSent) {
      patch.nextSeedHash = t.nextSeedHash;
      this.nextSeedHashSent = t.nextSeedHash;
    }
    patch.simulation = t.simulation;
    patch.status = t.config.status;
    return patch;
  }

  /** A player's own patch: their seat with hole cards, the hand with their legal moves, their openings. */
  private ownPatch(
    base: TableViewPatch,
    publicSeats: PublicSeats,
    seat: Seat | null,
    mine: CardOpeningView[] | undefined,
    changedSeats: number[],
    toActHere: boolean,
  ): TableViewPatch {
    const patch: TableViewPatch = { ...base };
    if (mine) patch.lastHand = { ...base.lastHand!, mine };
    if (seat) {
      patch.seats = { ...publicSeats };
      patch.mySeat = seat.seat;
      if (changedSeats.includes(seat.seat)) patch.seats[seat.seat] = ownerSeatView(seat, this.table.run);
      if (toActHere) patch.hand = handView(this.table.run, seat.seat);
    }
    return patch;
  }
}
