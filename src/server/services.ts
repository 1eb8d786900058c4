// Wires the services together over one database.
import type { Database, DbHandle } from './db/client';
import { AuditService } from './core/audit';
import { AuthService } from './accounts/auth';
import { BlockService } from './room/blocks';
import { ChatService } from './room/chat';
import { Ledger } from './core/ledger';
import type { MailTransport } from './core/mail';
import { MaintenanceGuard } from './core/maintenance';
import type { ScryptParams } from './accounts/passwords';
import { PayoutService } from './wallet/payouts';
import { ReportService } from './room/reports';
import { SettingsService } from './core/settings';
import { StaffService } from './accounts/staff';
import { StatsService } from './room/stats';
import { TableService } from './tables/table-service';
import { TokenService } from './accounts/tokens';
import { TournamentService } from './tournaments/registration';
import { MeCache } from './accounts/me-cache';
import { UserService } from './accounts/users';
import { WalletService } from './wallet/wallet';

export interface Services {
  db: Database;
  dbKind: DbHandle['kind'];
  ledger: Ledger;
  tokens: TokenService;
  settings: SettingsService;
  /** Refuses registration, sign-in, withdrawals and play to non-administrators during maintenance. */
  maintenance: MaintenanceGuard;
  users: UserService;
  /** Credentials: registration, sign-in and its throttling, second factor, e-mail confirmation, password reset. */
  auth: AuthService;
  wallet: WalletService;
  tables: TableService;
  blocks: BlockService;
  chat: ChatService;
  stats: StatsService;
  /** Staff: the audit trail, resolving withdrawals (two-person rule), notes, holds, chat moderation, reports. */
  audit: AuditService;
  payouts: PayoutService;
  staff: StaffService;
  reports: ReportService;
  /** Tournaments: lobby list and page, registration and refunds, the back office's create / edit / cancel. */
  tournaments: TournamentService;
}

export interface ServiceOptions {
  jwtSecret: string;
  publicUrl: string;
  mail: MailTransport;
  scrypt?: ScryptParams;
  /** How long a user's own record stays cached (0 = off); instances tell each other of changes (plugins/me-cache-bridge.ts). */
  meCacheTtlMs?: number;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  /** Told the kinds of the ledger's transfers at each commit (metrics). */
  onTransfers?: (kinds: readonly string[]) => void;
}

export function createServices(handle: DbHandle, opts: ServiceOptions): Services {
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
  const wallet = new WalletService(db, ledger, settings);
  return {
    db,
    dbKind: handle.kind,
    ledger,
    tokens,
    settings,
    maintenance: new MaintenanceGuard(settings),
    users,
    auth: new AuthService(db, users, tokens, { publicUrl: opts.publicUrl, mail: opts.mail, log: opts.log }),
    wallet,
    tables: new TableService(db, settings),
    blocks: new BlockService(db),
    chat: new ChatService(db),
    stats: new StatsService(db, ledger),
    audit: new AuditService(db),
    payouts: new PayoutService(ledger, settings, wallet),
    staff: new StaffService(db, users),
    reports: new ReportService(db),
    tournaments: new TournamentService(db, ledger),
  };
}
