// Server settings kept in the database (one JSON row), editable by administrators.
import { sql } from 'drizzle-orm';
import { Settings } from '../../shared/api/admin';
import { type Database, type Executor, first } from '../db/client';
import { type Actor, audit } from './audit';
import type { SettingsRow } from '../db/rows';

export const DEFAULT_SETTINGS: Settings = {
  maintenance: { enabled: false, message: '' },
  withdrawalMin: 10_000,
  withdrawalMax: 5_000_000,
  defaultRakePercent: 5,
  defaultRakeCapBb: 2,
  jackpotPercent: 1,
  houseBank: { bank: 'KHAN', accountNumber: '5012345678', accountName: 'Mongol Poker LLC' },
  supportEmail: 'support@mongolpoker.mn',
  payoutCoolingHours: 24,
  twoPersonThreshold: 1_000_000,
  depositMin: 1_000,
  depositMax: 5_000_000,
  identityRequiredAbove: 5_000_000,
};

/** Withdrawals above this amount need two different staff members' approvals. */
export const twoPersonThreshold = (s: Settings): number => s.twoPersonThreshold ?? DEFAULT_SETTINGS.twoPersonThreshold!;

export class SettingsService {
  constructor(private readonly db: Executor) {}

  async get(ex: Executor = this.db): Promise<Settings> {
    const row = await first<Pick<SettingsRow, 'value'>>(ex, sql`SELECT value FROM settings WHERE id = 1`);
    if (!row) return DEFAULT_SETTINGS;
    // Stored values were validated on write; fill fields added by later versions from defaults.
    const parsed = Settings.safeParse({ ...DEFAULT_SETTINGS, ...row.value });
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  }

  /** Writes the settings; a threshold left out keeps its current value. With an actor, audited in one transaction. */
  async put(value: Settings, ex: Executor = this.db, actor?: Actor): Promise<Settings> {
    if (actor && ex === this.db && 'transaction' in this.db) return (this.db as Database).transaction((tx) => this.put(value, tx, actor));
    const before = await this.get(ex);
    const next = {
      ...value,
      twoPersonThreshold: value.twoPersonThreshold ?? before.twoPersonThreshold,
      depositMin: value.depositMin ?? before.depositMin,
      depositMax: value.depositMax ?? before.depositMax,
      identityRequiredAbove: value.identityRequiredAbove ?? before.identityRequiredAbove,
    };
    await ex.execute(
      sql`INSERT INTO settings (id, value) VALUES (1, ${JSON.stringify(next)}::jsonb)
          ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value`,
    );
    if (actor) await audit(ex, actor, { action: 'settings.update', objectType: 'settings', objectId: 'settings', before, after: next });
    return next;
  }
}
