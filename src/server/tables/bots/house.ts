// The house bots of a table in simulation: who sits where, their chips, and their moves. They
// keep two seats free for people and decide from Monte Carlo equity (src/server/bots).
import { estimateEquity } from './equity';
import { botRandom, type BotRandom } from './prng';
import { decide } from './strategy';
import type { Action } from '../../../poker/engine';
import { playerIndexOf, seatToAct, type HandRun } from '../../../poker/table';
import type { TableState } from '../state';
import type { CommandResult, LeaveReason } from '../types';
import type { ActorDeps } from '../deps';
import { legalView } from '../view';
import type { Viewers } from '../viewers';
import { newSeat } from '../seat';

/** What the bots need from the actor: its money keys, its leaving and its moves. */
export interface BotHost {
  /** A fresh idempotency key for a money movement. */
  key(kind: string, userId: number): string;
  leaveNow(userId: number, reason: LeaveReason): Promise<CommandResult>;
  act(seatNo: number, action: Action): CommandResult;
}

const SIMPLE = { FOLD: 'fold', CHECK: 'check', CALL: 'call' } as const;

export class Bots {
  /** The bots' Monte Carlo draws: seeded from the injected source, so tests stay reproducible. */
  private readonly rng: BotRandom;

  constructor(
    private table: TableState,
    private viewers: Viewers,
    private deps: ActorDeps,
    private host: BotHost,
  ) {
    this.rng = botRandom([deps.randomInt(2 ** 32), deps.randomInt(2 ** 32), deps.randomInt(2 ** 32), deps.randomInt(2 ** 32)]);
  }

  /** Bots take free seats, leaving two for people. */
  async fill(): Promise<void> {
    const t = this.table;
    const wanted = Math.max(0, t.freeSeats() - 2);
    if (wanted === 0) return;
    const botsHere = new Set(
      t
        .occupied()
        .filter((s) => s.isBot)
        .map((s) => s.userId),
    );
    const pool = (await this.deps.store.botUsers(t.config.maxPlayers)).filter((b) => !botsHere.has(b.userId));
    let added = 0;
    for (let seatNo = 0; seatNo < t.seats.length && added < wanted; seatNo++) {
      if (t.seats[seatNo]) continue;
      const bot = pool.shift();
      if (!bot) break;
      const span = t.config.maxBuyIn - t.config.minBuyIn;
      const buyIn = t.config.minBuyIn + (span > 0 ? this.deps.randomInt(span + 1) : 0);
      try {
        await this.deps.store.buyIn(t.config.tableId, bot.userId, buyIn, true, this.host.key('buyin', bot.userId));
      } catch (e) {
        this.deps.log?.error(e, 'bot buy-in failed');
        break;
      }
      await this.deps.store.seatTaken(t.config.tableId, seatNo, bot.userId, true);
      t.seats[seatNo] = newSeat({ seat: seatNo, userId: bot.userId, username: bot.username, isBot: true }, buyIn, 0, false, 0);
      this.viewers.seatChanged([{ kind: 'PLAYER_SAT', seat: seatNo, username: bot.username, stack: buyIn }], seatNo);
      added++;
    }
  }

  /**
   * Keeps two seats free for people. Awaited in the actor's turn: a bot between hands is cashed
   * out and gone before the next hand can be dealt (unawaited, a slow cash-out let the next hand
   * deal it in, then emptied its seat mid-hand, and the table stopped).
   */
  async trim(): Promise<void> {
    if (this.table.freeSeats() >= 2) return;
    const bot = this.table.seats.find((s) => s?.isBot && !s.leaving);
    // The person is seated whatever happens here: a failed cash-out is logged, and the bot stays.
    if (bot) await this.host.leaveNow(bot.userId, 'SIMULATION_STOPPED').catch((e: unknown) => this.deps.log?.error(e, 'a bot could not leave'));
  }

  /** Every bot goes home (simulation stopped, or a hand ended without it). */
  async leaveAll(): Promise<void> {
    for (const seat of this.table.seats) if (seat?.isBot) await this.host.leaveNow(seat.userId, 'SIMULATION_STOPPED');
  }

  /** Between hands: short bots buy back up to the maximum and empty seats fill; without simulation, bots go. */
  async betweenHands(): Promise<void> {
    if (!this.table.simulation) return this.leaveAll();
    const t = this.table;
    for (const seat of t.seats) {
      if (!seat?.isBot || seat.stack >= t.config.bigBlind * 10) continue;
      const amount = t.config.maxBuyIn - seat.stack;
      if (amount <= 0) continue;
      try {
        await this.deps.store.addChips(t.config.tableId, seat.userId, amount, true, this.host.key('recharge', seat.userId));
        seat.stack += amount;
        this.viewers.seatChanged([{ kind: 'CHIPS_ADDED', seat: seat.seat, amount }], seat.seat);
      } catch (e) {
        this.deps.log?.error(e, 'bot top-up failed');
      }
    }
    // Where the table has a straddle, about half the bots take it when it comes to them.
    for (const seat of t.seats) if (seat?.isBot) seat.straddle = (t.config.straddle ?? 'off') !== 'off' && this.rng.float() < 0.5;
    if (t.freeSeats() > 2) await this.fill();
  }

  /** How long a bot seems to think: at once in tests and benchmarks, 1 to 4 s otherwise. */
  thinkingTime(): number {
    return this.deps.fastBots ? (this.deps.botDelayMs ?? 0) : 1000 + this.deps.randomInt(3000);
  }

  /** The bot to act decides and moves; a move the engine refuses becomes check or fold. */
  act(run: HandRun, seatNo: number): void {
    if (this.table.run !== run || seatToAct(run) !== seatNo) return;
    const config = this.table.config;
    const i = playerIndexOf(run, this.table.seats[seatNo]!);
    if (i < 0) return;
    const s = run.state;
    const legal = legalView(run)!;
    // Run it twice: the house always agrees (less variance for everyone).
    if (legal.runout) {
      if (!this.host.act(seatNo, { kind: 'select-runout-count', count: 2 }).ok) this.host.act(seatNo, { kind: 'select-runout-count', count: 1 });
      return;
    }
    const opponents = s.active.filter((a, k) => a && k !== i).length;
    const pot = s.stacks.reduce((a, _, k) => a + run.startStacks[k] - s.stacks[k], 0);
    const equity = estimateEquity({
      variant: config.variant,
      hole: s.hole[i],
      board: s.board,
      opponents: Math.max(1, opponents),
      iterations: this.deps.botIterations ?? (this.deps.fastBots ? 60 : 400),
      randomInt: this.rng.int,
    });
    const d = decide({
      legal,
      equity,
      pot,
      ownBet: s.bets[i],
      stack: s.stacks[i],
      bigBlind: config.bigBlind,
      opponents: Math.max(1, opponents),
      preflop: s.street === 0,
      random: this.rng.float,
    });
    const action: Action =
      d.action === 'BET' || d.action === 'RAISE' ? { kind: d.action === 'BET' ? 'bet' : 'raise', to: d.amount } : { kind: SIMPLE[d.action] };
    const r = this.host.act(seatNo, action);
    if (!r.ok) this.host.act(seatNo, legal.canCheck ? { kind: 'check' } : { kind: 'fold' });
  }
}
