// Typed rows of hand-written SQL: a table's row as `SELECT *` returns it (snake_case column names),
// derived from the Drizzle schema so that the schema stays the one description of the tables.
// Schema keys are the camelCase of their SQL names (tests/server/unit/schema-rows.test.ts checks).
import type { Table } from 'drizzle-orm';
import type * as schema from './schema';

/** `lastLoginAt` -> `last_login_at`. */
export type SnakeCase<S extends string> = S extends `${infer H}${infer R}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<R>}` : S;

type Columns<T extends Table> = T['_']['columns'];
type Value<C> = C extends { _: { data: infer D; notNull: infer N } } ? (N extends true ? D : D | null) : never;

/** The row of `SELECT * FROM <table>`: keys are the SQL column names, values as the drivers return them. */
export type RowOf<T extends Table> = {
  [K in keyof Columns<T> & string as SnakeCase<K>]: Value<Columns<T>[K]>;
};

export type UserRow = RowOf<typeof schema.users>;
export type PokerTableRow = RowOf<typeof schema.pokerTables>;
export type TableSeatRow = RowOf<typeof schema.tableSeats>;
export type HandRow = RowOf<typeof schema.hands>;
export type HandPlayerRow = RowOf<typeof schema.handPlayers>;
export type AccountRow = RowOf<typeof schema.accounts>;
export type TransferRow = RowOf<typeof schema.transfers>;
export type DepositRow = RowOf<typeof schema.deposits>;
export type WithdrawalRow = RowOf<typeof schema.withdrawals>;
export type BlockRow = RowOf<typeof schema.blocks>;
export type SettingsRow = RowOf<typeof schema.settings>;
export type ChatMessageRow = RowOf<typeof schema.chatMessages>;
export type LoginThrottleRow = RowOf<typeof schema.loginThrottle>;
export type LoginFailureRow = RowOf<typeof schema.loginFailures>;
export type LoginSourceRow = RowOf<typeof schema.loginSources>;
export type EmailConfirmationRow = RowOf<typeof schema.emailConfirmations>;
export type PasswordResetRow = RowOf<typeof schema.passwordResets>;
export type UserTotpRow = RowOf<typeof schema.userTotp>;
export type UserRecoveryCodeRow = RowOf<typeof schema.userRecoveryCodes>;
export type SchemaMigrationRow = RowOf<typeof schema.schemaMigrations>;
export type TableLeaseRow = RowOf<typeof schema.tableLeases>;
export type InstanceRow = RowOf<typeof schema.instances>;
export type UserNoteRow = RowOf<typeof schema.userNotes>;
export type AuditLogRow = RowOf<typeof schema.auditLog>;
export type TournamentRow = RowOf<typeof schema.tournaments>;
export type TournamentEntryRow = RowOf<typeof schema.tournamentEntries>;
export type TournamentPurchaseRow = RowOf<typeof schema.tournamentPurchases>;
export type TournamentLeaseRow = RowOf<typeof schema.tournamentLeases>;
export type QPayInvoiceRow = RowOf<typeof schema.qpayInvoices>;
export type QPayPaymentRow = RowOf<typeof schema.qpayPayments>;
export type BankStatementRow = RowOf<typeof schema.bankStatements>;
export type BankStatementLineRow = RowOf<typeof schema.bankStatementLines>;
export type PayoutBatchRow = RowOf<typeof schema.payoutBatches>;
export type PayoutBatchItemRow = RowOf<typeof schema.payoutBatchItems>;
export type QPayReportedPaymentRow = RowOf<typeof schema.qpayReportedPayments>;
export type QPayListFetchRow = RowOf<typeof schema.qpayListFetches>;
export type SaferProfileRow = RowOf<typeof schema.saferProfiles>;
export type SaferLimitRow = RowOf<typeof schema.saferLimits>;
export type SaferExclusionRow = RowOf<typeof schema.saferExclusions>;
export type IdentityCheckRow = RowOf<typeof schema.identityChecks>;
export type PlayerNoteRow = RowOf<typeof schema.playerNotes>;
export type PushSubscriptionRow = RowOf<typeof schema.pushSubscriptions>;
export type IntegrityCursorRow = RowOf<typeof schema.integrityCursor>;
export type IntegrityPlayerStatsRow = RowOf<typeof schema.integrityPlayerStats>;
export type IntegrityActivityRow = RowOf<typeof schema.integrityActivity>;
export type IntegrityPlayerDayRow = RowOf<typeof schema.integrityPlayerDays>;
export type IntegrityPairRow = RowOf<typeof schema.integrityPairs>;
export type IntegrityLoginRow = RowOf<typeof schema.integrityLogins>;
export type IntegrityAlertRow = RowOf<typeof schema.integrityAlerts>;
export type IntegrityCaseRow = RowOf<typeof schema.integrityCases>;
export type IntegrityCaseNoteRow = RowOf<typeof schema.integrityCaseNotes>;
export type IntegrityStandingRow = RowOf<typeof schema.integrityStanding>;
export type IntegrityRestitutionRow = RowOf<typeof schema.integrityRestitutions>;
export type FastFoldPoolRow = RowOf<typeof schema.fastFoldPools>;
export type FastFoldPlayerRow = RowOf<typeof schema.fastFoldPlayers>;
