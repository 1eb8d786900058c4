// A table's hands from deal to settlement: the fair deck, the engine's steps, the turn clock and
// the time bank, the held result, the settlement through the store, and what happens between hands.
import { combineEntropy, commitDeck, type Action, type EntropyContribution, type HandEvent } from '../../poker';
import type { TableEvent } from '../../shared/protocol';
import { StaleEpochError } from '../core/errors';
import type { Bots } from './bots/house';
import type { NextHand, TablePolicy } from './policy';
import type { TimerHandle } from '../core/clock';
import { translate } from './events';
import {
  applyAction,
  gameDeck,
  isComplete,
  seatOfPlayer,
  seatToAct,
  settledSeat,
  settlementOf,
  startHand,
  timeBankAfterMove,
  turnClock,
  voidedSeat,
  type HandLineup,
  type HandRun,
} from '../../poker/table';
import { lastHandView } from './last-hand';
import type { TableState } from './state';
import type { SettlementResult } from './store';
import { fail, OK, type CommandResult, type LeaveReason, type Seat, type TableConfig } from './types';
import type { ActorDeps } from './deps';
import { legalView } from './view';
import type { Viewers } from './viewers';

/** What the hands need from the actor: its queue (timers queue commands) and its seats' changes. */
export interface HandHost {
  enqueue<T>(fn: () => Promise<T> | T): Promise<T>;
  seats: {
    leaveNow(userId: number, reason: LeaveReason): Promise<CommandResult>;
    sitOutNow(seat: Seat): void;
  };
}

export class HandLifecycle {
  private lastButton: number | null = null;
  private handNumber = 0;
  /** Showdown and awards of a completed hand, published only once its settlement is written. */
  private heldEvents: TableEvent[] = [];
  private turnTimer: TimerHandle | null = null;
  private nextHandTimer: TimerHandle | null = null;
  /** The next hand's server seed (secret); its SHA-256 is the table's nextSeedHash. */
  private nextSeed = '';
  /** Entropy from seated players since nextSeedHash was published, by user. */
  private entropy = new Map<number, string>();

  constructor(
    private table: TableState,
    private viewers: Viewers,
    private bots: Bots,
    private deps: ActorDeps,
    private policy: TablePolicy,
    private host: HandHost,
  ) {}

  async init(): Promise<void> {
    const tableId = this.table.config.tableId;
    this.handNumber = await this.deps.store.lastHandNumber(tableId);
    // A table taken over goes on from where its last hand put the button.
    this.lastButton = await this.deps.store.lastButton(tableId);
  }

  /** A seated player's entropy for the next deck: the latest counts. */
  addEntropy(userId: number, entropy: string): void {
    this.entropy.set(userId, entropy);
  }

  /** Draws the next hand's server seed and publishes its hash; entropy sent before it is void. */
  commitNextSeed(): void {
    this.nextSeed = this.deps.newSeed();
    this.table.nextSeedHash = this.deps.seedHash(this.nextSeed);
    this.entropy.clear();
  }

  scheduleNextHand(): void {
    const t = this.table;
    if (t.stopped || t.draining || t.handRunning() || this.nextHandTimer) return;
    // Dependencies down: the table waits; the actor is told when they are back (resumeDealing).
    if (this.deps.canDeal?.() === false) return;
    if (!this.policy.canDeal(t, this.lastButton)) return;
    const delay = t.run ? this.deps.betweenHands : Math.min(this.deps.betweenHands, 1000);
    this.nextHandTimer = this.deps.clock.setTimer(delay, () => {
      this.nextHandTimer = null;
      void this.host.enqueue(() => this.beginHand());
    });
  }

  /** Stops the turn and next-hand timers (server shutdown, tests). */
  stop(): void {
    this.clearTurnTimer();
    this.stopDealing();
  }

  /** No next hand (draining): the one in play goes on with its timers. */
  stopDealing(): void {
    this.nextHandTimer?.cancel();
    this.nextHandTimer = null;
  }

  private async beginHand(): Promise<void> {
    const t = this.table;
    if (t.stopped || t.draining || t.handRunning() || t.config.status !== 'OPEN') return;
    if (this.deps.canDeal?.() === false) return;
    const next = await this.policy.nextHand(t, this.lastButton);
    if (!next) return;
    const { lineup, posts } = this.applyNextHand(next);
    // The server seed was committed (nextSeedHash) before the players' entropy came; both make
    // the deck, and the salted deck's Merkle root is published before any card is dealt.
    const seed = this.nextSeed;
    const seedHash = t.nextSeedHash!;
    const entropy: EntropyContribution[] = [];
    for (const seat of t.seats) {
      const e = seat && !seat.isBot ? this.entropy.get(seat.userId) : undefined;
      if (e) entropy.push({ seat: seat!.seat, entropy: e });
    }
    const deckSeed = combineEntropy(seed, entropy);
    const deck = gameDeck(t.config.variant, this.deps.deckFromSeed(deckSeed));
    const commitment = commitDeck(deckSeed, deck);
    const players = lineup.order.map((s) => ({ userId: t.seats[s]!.userId, seat: s, stack: t.seats[s]!.stack }));
    const handNumber = this.handNumber + 1;
    let handId: number;
    try {
      handId = await this.deps.store.startHand(t.config.tableId, handNumber, seedHash, players, { cardsRoot: commitment.root, entropy, button: lineup.button });
    } catch (e) {
      this.deps.log?.error(e, 'could not record hand start');
      this.policy.handEnded(t.config.tableId, true);
      // Whether the hand's row was written is unknown: the database is asked again.
      if (!(e instanceof StaleEpochError)) this.deps.reload?.(t.config.tableId);
      return;
    }
    this.handNumber = handNumber;
    // This seed is spent: the next hand's is committed now, for the players' next entropy.
    this.commitNextSeed();
    const started = startHand(
      t.config,
      {
        handId,
        handNumber,
        startedAt: this.deps.clock.now(),
        seed,
        seedHash,
        deck,
        fair: { entropy, commitment },
        lineup,
        seats: lineup.order,
        userIds: players.map((p) => p.userId),
        startStacks: players.map((p) => p.stack),
      },
      lineup.deadPosts,
      posts,
      new Set(lineup.order.filter((s) => t.seats[s]!.straddle)),
    );
    if (!started.ok) {
      await this.deps.store.voidHand(handId, started.error.message, t.config.tableId);
      this.deps.metrics?.handVoided('start');
      this.deps.log?.error(started.error, 'hand could not start');
      this.policy.handEnded(t.config.tableId, true);
      return;
    }
    this.dealt(started.run, lineup);
    this.deps.metrics?.handStarted();
    const events: TableEvent[] = [
      {
        kind: 'HAND_STARTED',
        handId,
        handNumber,
        button: lineup.button,
        seedHash,
        cardsRoot: commitment.root,
        entropy: entropy.map((e) => ({ ...e })),
        nextSeedHash: t.nextSeedHash!,
        ...(started.run.state.config.bombPot ? { bombPot: true } : {}),
      },
    ];
    this.afterEngineStep(
      events,
      started.events,
      t.seats.map((s, i) => (s ? i : -1)).filter((i) => i >= 0),
    );
  }

  /** The policy's next hand on the table: owed blinds, a director's stacks and level. */
  private applyNextHand(next: NextHand): NextHand {
    const t = this.table;
    for (const seatNo of next.missedBlinds ?? []) t.seats[seatNo]!.missedBlind = true;
    next.stacks?.forEach((stack, i) => (t.seats[next.lineup.order[i]]!.stack = stack));
    if (next.blinds) t.config = { ...t.config, ...next.blinds };
    return next;
  }

  /** The hand is on: it holds its seats until settled, and those dealt in no longer wait for a blind. */
  private dealt(run: HandRun, lineup: HandLineup): void {
    const t = this.table;
    t.run = run;
    t.settled = false;
    this.heldEvents = [];
    run.showLosers = new Set(lineup.order.filter((s) => t.showLosers.has(t.seats[s]!.userId)));
    this.lastButton = lineup.button;
    for (const s of lineup.order) {
      const seat = t.seats[s]!;
      seat.fastFold = false;
      seat.waitingForBigBlind = false;
      seat.postBlind = false;
      seat.missedBlind = false;
    }
  }

  /** An action of the seat to act (player, clock or bot); refused actions change nothing. */
  applyAction(seat: Seat, action: Action, timedOut: boolean): CommandResult {
    const t = this.table;
    const run = t.run;
    if (!run || isComplete(run)) return fail('NOT_YOUR_TURN', 'No hand is being played');
    if (this.deps.onAction) t.actionAt = performance.now();
    const step = applyAction(t.config, run, seat, action);
    if (!step.ok) return fail(step.error.code === 'NOT_YOUR_TURN' ? 'NOT_YOUR_TURN' : 'ILLEGAL_ACTION', sentence(step.error.message));
    this.deps.metrics?.tableAction();
    seat.timeBank = timeBankAfterMove(seat.timeBank, run.actionDeadline, this.deps.clock.now());
    // The integrity signals read each decision's time (docs/integrity.md).
    (run.decisions ??= []).push(run.turnStartedAt === null ? 0 : Math.max(0, this.deps.clock.now() - run.turnStartedAt));
    if (!timedOut) seat.consecutiveTimeouts = 0;
    this.afterEngineStep([], step.events, run.seats, timedOut ? seat.seat : null);
    // A fast-fold pool deals the folder a new hand elsewhere at once, with what they have behind.
    if (action.kind === 'fold' && this.policy.folded) this.policy.folded(seat.userId, run.state.stacks[run.seats.indexOf(seat.seat)] ?? 0, timedOut);
    return OK;
  }

  /**
   * Fast fold (fast-fold pools): folds now on the player's turn, else when the action reaches
   * them; the order of play never changes and nobody else learns of it before then.
   */
  fastFold(seat: Seat): CommandResult {
    const run = this.table.run;
    if (!this.policy.folded) return fail('BAD_MESSAGE', 'Fast fold is only at fast-fold tables');
    if (!run || isComplete(run) || !this.table.inHand(seat)) return fail('NOT_YOUR_TURN', 'No hand is being played');
    seat.fastFold = true;
    // On their turn with nothing to call it checks now and folds at the first bet, as a seat marked
    // before its turn does (a fold there is refused: the button did nothing).
    if (seatToAct(run) === seat.seat) return this.applyAction(seat, checkOrFold(run), false);
    return OK;
  }

  /** Turns engine events into table events, publishes, then sets up whatever comes next. */
  private afterEngineStep(prefix: TableEvent[], engineEvents: readonly HandEvent[], changed: number[], timedOutSeat: number | null = null): void {
    const run = this.table.run!;
    this.clearTurnTimer();
    const all = prefix.concat(translate(run, engineEvents, timedOutSeat));
    // The result (showdown, awards) is published once the database has the settlement; what led
    // to it goes out now, with views of the end of the betting (view.ts, shownState). A showdown
    // that waits for run-it-twice choices holds its result from the first card shown.
    const cut = this.heldEvents.length > 0 ? 0 : all.findIndex((e) => e.kind === 'SHOWED' || e.kind === 'MUCKED' || e.kind === 'POT_AWARDED');
    const events = cut < 0 ? all : all.slice(0, cut).concat(all.slice(cut).filter(isPublicWhileHeld));
    if (cut >= 0) this.heldEvents = this.heldEvents.concat(all.slice(cut).filter((e) => !isPublicWhileHeld(e)));
    if (isComplete(run)) {
      this.viewers.publish(events, changed, true);
      // Settlement latency runs from here, the hand's last action.
      const completedAt = performance.now();
      void this.host.enqueue(() => this.finishHand(run, completedAt));
      return;
    }
    const toAct = seatToAct(run);
    if (toAct !== null) {
      this.startTurnClock(run, toAct);
      events.push({ kind: 'TURN', seat: toAct });
    }
    this.viewers.publish(events, changed, true);
    if (toAct !== null) this.onTurn(run, toAct);
  }

  // ---- settlement ----

  private async finishHand(run: HandRun, completedAt: number): Promise<void> {
    const t = this.table;
    if (t.run !== run) return;
    const { settlement: value, fair } = settlementOf(handTable(t.config), t.seats, run);
    const settlement = { ...value, tableId: t.config.tableId };
    let settled: SettlementResult;
    try {
      settled = await this.deps.store.settleHand(settlement);
    } catch (e) {
      // Another instance owns the table now: it voids this hand; nothing more happens here.
      this.deps.metrics?.settlementFailed(e instanceof StaleEpochError ? 'stale_epoch' : 'error');
      if (e instanceof StaleEpochError) return;
      this.deps.log?.error(e, 'hand settlement failed; voiding');
      await this.voidSettlement(run);
      return;
    }
    t.settled = true;
    this.deps.metrics?.handSettled(performance.now() - completedAt);
    // The database has it: now the seats and everyone's screens.
    this.creditStacks(run);
    this.viewers.setLastHand(lastHandView(run, t.seats, fair), fair.mine);
    // Now the result: showdown and awards held since the hand completed, then the end.
    const events: TableEvent[] = this.heldEvents;
    this.heldEvents = [];
    run.resultPublished = true;
    if (settled.bonuses.length) {
      events.push({
        kind: 'JACKPOT_PAID',
        total: settled.bonuses.reduce((a, b) => a + b.amount, 0),
        payouts: settled.bonuses.map((b) => ({ ...b, seat: t.seatOf(b.userId)?.seat ?? null })),
      });
    }
    events.push({ kind: 'HAND_ENDED', handId: run.handId, seed: fair.seedPublic ? run.seed : null, seedHash: run.seedHash, cardsRoot: fair.cardsRoot });
    this.viewers.publish(events, run.seats, true);
    if (settlement.jackpotContribution > 0 || settled.bonuses.length) this.deps.onJackpot(settled.jackpot);
    await this.afterHand(run);
    this.policy.handEnded(t.config.tableId, false);
    this.scheduleNextHand();
  }

  /** The settled stacks (plus chips bought during the hand) and the time bank's refill. */
  private creditStacks(run: HandRun): void {
    for (let i = 0; i < run.seats.length; i++) {
      const seat = seatOfPlayer(this.table.seats, run, i);
      if (seat) Object.assign(seat, settledSeat(seat, run.state.stacks[i]));
    }
  }

  /** The hand is void: everyone keeps the stacks it started with (the ledger never moved). */
  private async voidSettlement(run: HandRun): Promise<void> {
    const t = this.table;
    const voided = await this.deps.store.voidHand(run.handId, 'settlement failed', t.config.tableId).catch(() => false);
    // Not voided: the settlement may have committed after all (its answer lost), or the database
    // is away. Only the database knows the stacks now: the table is reloaded from it.
    if (!voided && this.deps.reload) {
      this.deps.log?.error({ tableId: t.config.tableId, handId: run.handId }, 'hand outcome unknown; reloading the table from the database');
      this.deps.reload(t.config.tableId);
      return;
    }
    this.deps.metrics?.handVoided('settlement');
    for (let i = 0; i < run.seats.length; i++) {
      const seat = seatOfPlayer(t.seats, run, i);
      if (seat) Object.assign(seat, voidedSeat(seat, run.startStacks[i]));
    }
    t.run = null;
    t.settled = true;
    // Nothing of the result was published, and none of it will be: no card is revealed.
    this.heldEvents = [];
    this.viewers.publish([{ kind: 'HAND_VOIDED', handId: run.handId, reason: 'settlement failed' }], run.seats, true);
    // Those who asked to leave or sit out during the hand still do.
    await this.afterHand(run).catch((err) => this.deps.log?.error(err, 'after a voided hand'));
    this.policy.handEnded(t.config.tableId, true);
    this.scheduleNextHand();
  }

  /** Between hands: each seat dealt in does what the policy says (leave, sit out); bots top up. */
  private async afterHand(run: HandRun): Promise<void> {
    const t = this.table;
    for (let i = 0; i < run.seats.length; i++) {
      const seat = seatOfPlayer(t.seats, run, i);
      if (!seat) continue;
      const next = this.policy.afterHand(seat, t.simulation);
      if ('leave' in next) {
        await this.host.seats.leaveNow(seat.userId, next.leave);
        continue;
      }
      // Where leaving means standing aside, the leaver now sits out like the others.
      seat.leaving = false;
      if (next.sitOut) {
        this.host.seats.sitOutNow(seat);
        this.viewers.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
      }
    }
    if (this.policy.houseBots) await this.bots.betweenHands();
  }

  // ---- the turn clock ----

  private startTurnClock(run: HandRun, seatNo: number): void {
    Object.assign(run, turnClock(this.deps.clock.now(), this.table.config.actionTime, this.table.seats[seatNo]!));
  }

  private clearTurnTimer(): void {
    this.turnTimer?.cancel();
    this.turnTimer = null;
  }

  /** Arms the turn: a bot's thinking time, at once for a leaver, else action time then time bank. */
  private onTurn(run: HandRun, seatNo: number): void {
    const seat = this.table.seats[seatNo]!;
    const clock = this.deps.clock;
    const queue = (fn: () => void) => () => void this.host.enqueue(fn);
    if (seat.isBot) {
      this.turnTimer = clock.setTimer(
        this.bots.thinkingTime(),
        queue(() => this.bots.act(run, seatNo)),
      );
      return;
    }
    if (seat.fastFold) {
      this.turnTimer = clock.setTimer(
        0,
        queue(() => {
          // Nothing to call: the engine refuses a fold, so fast fold checks and folds at the first bet.
          if (this.table.run === run && seatToAct(run) === seatNo) this.applyAction(seat, checkOrFold(run), false);
        }),
      );
      return;
    }
    if (seat.leaving || seat.status === 'SITTING_OUT') {
      this.turnTimer = clock.setTimer(
        0,
        queue(() => this.timeout(run, seatNo)),
      );
      return;
    }
    if (this.deps.onTurnAway && this.viewers.connections(seat.userId) === 0) this.tellAway(seat.userId);
    this.turnTimer = clock.setTimer(
      run.actionDeadline! - clock.now(),
      queue(() => {
        if (this.table.run !== run || seatToAct(run) !== seatNo) return;
        if (run.timeBankDeadline! > clock.now()) {
          this.viewers.publish([{ kind: 'TIME_BANK', seat: seatNo }], [seatNo], true);
          this.turnTimer = clock.setTimer(
            run.timeBankDeadline! - clock.now(),
            queue(() => this.timeout(run, seatNo)),
          );
        } else this.timeout(run, seatNo);
      }),
    );
  }

  /** The player is not looking at this table: told elsewhere (push), never waited for. */
  private tellAway(userId: number): void {
    const { tableId, name, tournamentId } = this.table.config;
    try {
      this.deps.onTurnAway!({ tableId, userId, tableName: name, tournamentId: tournamentId ?? null });
    } catch (e) {
      this.deps.log?.error(e, 'turn notice failed');
    }
  }

  /** Time is up: check if possible, else fold; a leaver's fold does not count against them. */
  private timeout(run: HandRun, seatNo: number): void {
    if (this.table.run !== run || seatToAct(run) !== seatNo) return;
    const seat = this.table.seats[seatNo]!;
    const legal = legalView(run);
    if (!seat.leaving) seat.consecutiveTimeouts++;
    // Asked to run it twice and silent: once (the engine's rule for a player timed out).
    const action: Action = legal?.runout ? { kind: 'select-runout-count', count: 1 } : legal?.canCheck ? { kind: 'check' } : { kind: 'fold' };
    this.applyAction(seat, action, true);
  }
}

/** The table as its hands' records name it (a tournament's: its event and level, no currency). */
function handTable(config: TableConfig) {
  return { ...config, tournament: config.tournamentId ? { event: config.event ?? config.name, level: config.level } : null };
}

/** A fast fold on the seat's turn: a check when there is nothing to call (the engine refuses that fold). */
const checkOrFold = (run: HandRun): Action => (legalView(run)?.canCheck ? { kind: 'check' } : { kind: 'fold' });

/** The run-it-twice choices go out as they are made, even while the showdown is held. */
const isPublicWhileHeld = (e: TableEvent): boolean => e.kind === 'RUNOUT_CHOSEN';

/** The engine's messages as a player reads them: a capital first letter. */
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);
