// Ended sessions reach every instance: the service says which user's sessions ended (after the
// commit), the bus carries it to every instance, and each instance's hub downgrades that user's
// sockets there to anonymous watchers.
import type { Bus } from '../cluster/bus';
import type { UserService } from '../accounts/users';
import type { Hub } from './hub';

export const SESSIONS_CHANNEL = 'sessions.ended';

interface Ended {
  userId: number;
  reason: string;
}

function isEnded(m: unknown): m is Ended {
  const e = m as Ended;
  return typeof e === 'object' && e !== null && Number.isSafeInteger(e.userId) && e.userId > 0 && typeof e.reason === 'string';
}

export function bridgeSessions(users: UserService, bus: Bus, hub: Hub, log: { error(obj: unknown, msg?: string): void }): () => void {
  const offBus = bus.subscribe(SESSIONS_CHANNEL, (m) => {
    if (!isEnded(m)) return;
    // Another instance may have changed the user: this one's cached copy is stale.
    users.meCache.forget(m.userId);
    hub.endSessions(m.userId, m.reason);
  });
  const offUsers = users.onSessionsEnded((userId, reason) => {
    bus.publish(SESSIONS_CHANNEL, { userId, reason } satisfies Ended).catch((e) => log.error(e, 'could not announce an ended session'));
  });
  return () => {
    offUsers();
    offBus();
  };
}
