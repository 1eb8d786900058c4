// The services over one database, each given its collaborators (the composition root: compose.ts).
import type { Database, DbHandle } from './db/client';
import { AuditService } from './core/audit';
import { createHmac } from 'node:crypto';
import { AuthService } from './accounts/auth';
import { SecretBox } from './core/secret-box';
import { BlockService } from './room/blocks';
import { ChatService } from './room/chat';
import { NoteService } from './room/notes';
import { PushService, type VapidKeys } from './room/push';
import type { Agent } from 'node:https';
import { Ledger } from './core/ledger';
import type { MailTransport } from './core/mail';
import { MaintenanceGuard } from './core/maintenance';
import type { ScryptParams } from './accounts/passwords';
import { PayoutService } from './wallet/payouts';
import { ReportService } from './room/reports';
import { SettingsService } from './core/settings';
import { StaffService } from './accounts/staff';
import { StatsService, type PlayersOnline } from './room/stats';
import { TableService, type LiveTables } from './tables/table-service';
import { TokenService } from './accounts/tokens';
import { TournamentService } from './tournaments/registration';
import { PoolService } from './pools/service';
import { MeCache } from './accounts/me-cache';
import { UserService } from './accounts/users';
import { WalletService } from './wallet/wallet';
import { DepositService } from './wallet/deposits';
import { StatementService } from './wallet/statements';
import { WithdrawalService } from './wallet/withdrawals';
import { ProfileService } from './accounts/profile';
import { UserAdmin } from './accounts/user-admin';
import { type Clock, systemClock } from './core/clock';
import { IdentityChecks } from './accounts/safer-play/identity';
import { SaferPlayService } from './accounts/safer-play/service';
import { IntegrityService } from './integrity/service';

export interface Services {
  db: Database;
  dbKind: DbHandle['kind'];
  ledger: Ledger;
  tokens: TokenService;
  settings: SettingsService;
  /** Refuses registration, sign-in, withdrawals and play to non-administrators during maintenance. */
  maintenance: MaintenanceGuard;
  users: UserService;
  profiles: ProfileService;
  userAdmin: UserAdmin;
  /** Credentials: registration, sign-in and its throttling, second factor, e-mail confirmation, password reset. */
  auth: AuthService;
  /** The three below as one handle (wallet/wallet.ts). */
  wallet: WalletService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  /** The ledger views: a player's /outcome, a user's ledger for staff. */
  statements: StatementService;
  tables: TableService;
  blocks: BlockService;
  chat: ChatService;
  /** Players' private notes and colour tags on opponents. */
  notes: NoteService;
  /** Web push: subscriptions and sending (off without VAPID keys). */
  push: PushService;
  stats: StatsService;
  /** Staff: the audit trail, resolving withdrawals (two-person rule), notes, holds, chat moderation, reports. */
  audit: AuditService;
  payouts: PayoutService;
  staff: StaffService;
  reports: ReportService;
  /** Tournaments: lobby list and page, registration and refunds, the back office's create / edit / cancel. */
  tournaments: TournamentService;
  /** Fast-fold pools: the lobby's list, the back office's create (play is the live room's, docs/fast-fold.md). */
  pools: PoolService;
  /** Safer play: limits, sessions, cool-off and self-exclusion, identity checks (docs/safer-play.md). */
  safer: SaferPlayService;
  /** Game integrity: the job, the standing guard, cases and restitution (docs/integrity.md). */
  integrity: IntegrityService;
}

export interface ServiceOptions {
  jwtSecret: string;
  /** TOTP_KEY: keys sealing the staff's TOTP secrets, the first for new ones (core/secret-box.ts). */
  totpKeys?: Buffer[];
  publicUrl: string;
  mail: MailTransport;
  scrypt?: ScryptParams;
  /** How long a user's own record stays cached (0 = off); instances tell each other of changes (plugins/me-cache-bridge.ts). */
  meCacheTtlMs?: number;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  /** Web push's keys; null: push is off. */
  vapid?: VapidKeys | null;
  pushAgent?: Agent;
  /** Hosts push endpoints may be on (default: the browsers' push services). */
  pushHosts?: readonly string[];
  /** Told the kinds of the ledger's transfers at each commit (metrics). */
  onTransfers?: (kinds: readonly string[]) => void;
  /** Time for safer play's limits and exclusions (the live room's clock; tests move it). */
  clock?: Clock;
}

/** What the services need of the live room (built after them: live.ts). */
export interface ServicesLive {
  tables: LiveTables;
  /** A sit & go filled up: its director starts it now. */
  tournamentFull(tournamentId: number): void;
  playersOnline: PlayersOnline;
}

/** The services the live room itself needs are built first (they need nothing of it). */
export type BaseServices = Omit<Services, 'tables' | 'tournaments' | 'stats' | 'integrity' | 'pools'>;

/**
 * The box of the TOTP secrets: TOTP_KEY's keys, then a key derived from the JWT secret (what seals
 * them on a room without TOTP_KEY; still read after TOTP_KEY is set, so those rows move to it).
 */
function totpSecrets(opts: ServiceOptions): SecretBox {
  const derived = createHmac('sha256', opts.jwtSecret).update('totp-secrets').digest();
  return new SecretBox([...(opts.totpKeys ?? []), derived]);
}

export function createBaseServices(handle: DbHandle, opts: ServiceOptions): BaseServices {
  const db = handle.db;
  const ledger = new Ledger(db, opts.onTransfers);
  const tokens = new TokenService(opts.jwtSecret);
  const settings = new SettingsService(db);
  const users = new UserService(
    db,
    ledger,
    tokens,
    { scrypt: opts.scrypt, publicUrl: opts.publicUrl, mail: opts.mail, log: opts.log },
    new MeCache(opts.meCacheTtlMs ?? 30_000),
  );
  const userAdmin = new UserAdmin(db, ledger, users);
  const deposits = new DepositService(db, ledger);
  const safer = new SaferPlayService(db, opts.clock ?? systemClock, settings, new IdentityChecks(db, () => (opts.clock ?? systemClock).now()));
  const withdrawals = new WithdrawalService(db, ledger, settings, safer.identity);
  const statements = new StatementService(db);
  const wallet = new WalletService(deposits, withdrawals, statements);
  return {
    db,
    dbKind: handle.kind,
    ledger,
    tokens,
    settings,
    maintenance: new MaintenanceGuard(settings),
    users,
    profiles: new ProfileService(db, users, tokens, { publicUrl: opts.publicUrl, mail: opts.mail, log: opts.log }),
    userAdmin,
    auth: new AuthService(db, users, tokens, { publicUrl: opts.publicUrl, mail: opts.mail, log: opts.log, secrets: totpSecrets(opts) }),
    wallet,
    deposits,
    withdrawals,
    statements,
    blocks: new BlockService(db),
    chat: new ChatService(db),
    notes: new NoteService(db),
    push: new PushService(db, {
      vapid: opts.vapid ?? null,
      agent: opts.pushAgent,
      hosts: opts.pushHosts,
      log: { warn: (o, m) => opts.log.error(o, m) },
      onCashier: (listener) => ledger.onCashier(listener),
    }),
    audit: new AuditService(db),
    payouts: new PayoutService(ledger, settings, withdrawals),
    staff: new StaffService(db, userAdmin),
    reports: new ReportService(db),
    safer,
  };
}

/** Every service: the base ones and those that call on the live room. */
export function createServices(base: BaseServices, live: ServicesLive): Services {
  return {
    ...base,
    tables: new TableService(base.db, base.settings, live.tables),
    stats: new StatsService(base.db, base.ledger, live.playersOnline),
    tournaments: new TournamentService(base.db, base.ledger, live.tournamentFull),
    integrity: new IntegrityService(base.db, base.ledger),
    pools: new PoolService(base.db),
  };
}
