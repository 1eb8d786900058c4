// Who may do what in the back office, as the server enforces it (shared/api/routes.ts `access`;
// docs/admin.md has the table). The UI only follows: menus, buttons and pages a role may not use
// are not shown, and the server refuses them anyway.
import type { Role } from '../../shared/api/enums';

export type StaffAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'role' | 'simulate' | 'kick' | 'approve' | 'hold' | 'hide' | 'cancel';

/** What SUPPORT may do, per resource; ADMIN may do everything, PLAYER nothing. */
const SUPPORT: Record<string, readonly StaffAction[]> = {
  user: ['list', 'show', 'export', 'hold'],
  withdraw: ['list', 'show', 'export', 'approve'],
  deposit: ['list', 'show', 'create', 'export'],
  // The table page is react-admin's "edit" route of a table (see tables/index.ts): read-only for support.
  table: ['list', 'show', 'edit', 'export', 'kick'],
  session: ['list', 'show', 'export'],
  ledger: ['list', 'export'],
  note: ['list', 'create', 'export'],
  userAudit: ['list', 'export'],
  chat: ['list', 'export', 'hide'],
  // Tournaments: support watches; creating, editing and cancelling are for administrators.
  tournament: ['list', 'show', 'export'],
  // Fast-fold pools: support sees the list; creating, closing and bots are for administrators.
  pool: ['list', 'export'],
  // Payments (issue 31): staff work QPay, statements and payout batches ('approve': act on the
  // money: ask QPay, review, confirm a line, mark a batch paid); reconciliation is for administrators.
  qpayInvoice: ['list', 'show', 'export', 'approve'],
  qpayPayment: ['list', 'show', 'export', 'approve'],
  statement: ['list', 'show', 'create', 'export'],
  statementLine: ['list', 'show', 'export', 'approve'],
  payoutBatch: ['list', 'show', 'create', 'export', 'approve', 'cancel'],
  // Safer play: support reviews identity checks (docs/admin.md).
  identity: ['list', 'show', 'export', 'approve'],
  // Integrity (docs/integrity.md): support sees alerts, pages and cases and writes case notes; administrators act.
  integrityAlert: ['list', 'show', 'export'],
  integrityCase: ['list', 'show', 'export'],
};

export function isStaffUser(me: { role?: string; isAdmin?: boolean } | null | undefined): boolean {
  return !!me && (me.role === 'ADMIN' || me.role === 'SUPPORT' || me.isAdmin === true);
}

export function can(role: Role | string | null | undefined, resource: string | undefined, action: string): boolean {
  if (role === 'ADMIN') return true;
  if (role !== 'SUPPORT' || !resource) return false;
  return (SUPPORT[resource] as readonly string[] | undefined)?.includes(action) ?? false;
}

/** Menu entries and pages outside resources: dashboard and reports are for administrators. */
export const ADMIN_ONLY_PAGES = ['dashboard', 'report', 'audit', 'data', 'settings', 'reconciliation', 'difference'] as const;
