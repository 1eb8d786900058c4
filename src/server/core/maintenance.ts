// Maintenance mode (settings.maintenance): while it is on, only administrators may sign in,
// withdraw or sit down (support staff may sign in), and nobody may register. One guard for the HTTP routes and the socket.
import { AppError } from './errors';
import type { SettingsService } from './settings';

export type GuardedAction = 'register' | 'login' | 'withdraw' | 'play';

/** What each refusal says; 'play' says the administrators' own message when they wrote one. */
const MESSAGES: Record<GuardedAction, string> = {
  register: 'Registration is closed during maintenance',
  login: 'The site is under maintenance',
  withdraw: 'Withdrawals are paused during maintenance',
  play: 'The room is under maintenance',
};

export class MaintenanceGuard {
  constructor(private readonly settings: SettingsService) {}

  /** Null when `role` may do `what` now, else why not. `role` is null for a caller not signed in. */
  async check(what: GuardedAction, role: string | null): Promise<{ code: 'MAINTENANCE'; message: string } | null> {
    // Administrators may do everything; support staff may sign in to work.
    if (role === 'ADMIN' || (role === 'SUPPORT' && what === 'login')) return null;
    const { maintenance } = await this.settings.get();
    if (!maintenance.enabled) return null;
    return { code: 'MAINTENANCE', message: (what === 'play' && maintenance.message) || MESSAGES[what] };
  }

  /** Throws 503 MAINTENANCE when `role` may not do `what` now. */
  async assertOpen(what: GuardedAction, role: string | null): Promise<void> {
    const refused = await this.check(what, role);
    if (refused) throw new AppError(503, refused.code, refused.message);
  }
}
