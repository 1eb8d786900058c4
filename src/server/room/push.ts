// Web push (issue 33, docs/player.md): the browsers that asked, per user, with the kinds of message
// they want and their language; messages sent with the `web-push` library, signed with the room's
// VAPID keys. Without keys push is off: GET /user/push/key answers 404 PUSH_DISABLED and nothing
// is sent. A subscription the push service no longer knows (404, 410) is deleted. Sending never
// holds up its cause: callers fire and forget (notify catches everything).
import type { Agent } from 'node:https';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushKind, PushSubscriptionBody } from '../../shared/api/regulars';
import { type Database, type Executor, rows } from '../db/client';
import type { PushSubscriptionRow } from '../db/rows';
import { AppError, badRequest } from '../core/errors';
import type { CashierMove } from '../core/ledger';
import { cashierNotice, tournamentStartNotice, yourTurnNotice, type PushLanguage, type PushNotice } from './push-messages';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL the push services may contact about the room's messages. */
  subject: string;
}

export interface PushOptions {
  vapid: VapidKeys | null;
  log: { warn(obj: unknown, msg?: string): void };
  /** The HTTPS agent for the push services (tests: one that trusts a local test service). */
  agent?: Agent;
  /**
   * Hosts a subscription's endpoint may be on (a suffix matches its subdomains): the browsers' push
   * services by default, so the room never posts to an address a player made up (SSRF).
   */
  hosts?: readonly string[];
  /** Subscribes the service to deposits credited and withdrawals paid (Ledger.onCashier). */
  onCashier?: (listener: (move: CashierMove) => void) => () => void;
}

/** At most this many requests to push services at once (a tournament of hundreds starting). */
const PARALLEL = 16;
/** Browsers of one player kept; the oldest goes when a new one subscribes beyond it. */
const MAX_PER_USER = 10;
/** A player told of a turn at a table is not told again there for this long. */
const TURN_QUIET_MS = 30_000;

/** The push services of Chrome, Firefox, Safari and Edge. */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** Whether the URL's host is one of `hosts` or under one of them. */
export function onPushHost(url: string, hosts: readonly string[]): boolean {
  const host = new URL(url).hostname;
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

const pushDisabled = () => new AppError(404, 'PUSH_DISABLED', 'Push notifications are not set up on this server');

/** Every browser of the user forgotten (signed out everywhere, or the account closed). */
export async function forgetSubscriptionsOf(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
}

export class PushService {
  private readonly off: () => void;
  /** When each player was last told of a turn at each table (`user:table` -> ms). */
  private readonly lastTurn = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly opts: PushOptions,
  ) {
    // Bad keys or subject fail the start, not every message later.
    if (opts.vapid) webpush.getVapidHeaders('https://push.example', opts.vapid.subject, opts.vapid.publicKey, opts.vapid.privateKey, 'aes128gcm');
    this.off = opts.onCashier?.((m) => void this.notify([m.userId], cashierNotice(m.kind, m.amount))) ?? (() => {});
  }

  get enabled(): boolean {
    return this.opts.vapid !== null;
  }

  publicKey(): string {
    if (!this.opts.vapid) throw pushDisabled();
    return this.opts.vapid.publicKey;
  }

  /** Stores the browser's subscription for the user (by endpoint: a browser that changed hands moves to the new user). */
  async subscribe(userId: number, b: PushSubscriptionBody): Promise<{ endpoint: string; kinds: PushKind[] }> {
    if (!this.opts.vapid) throw pushDisabled();
    if (!onPushHost(b.endpoint, this.opts.hosts ?? PUSH_SERVICE_HOSTS))
      throw badRequest('Not a known push service', 'INVALID_INPUT', [{ path: 'endpoint', message: 'Not a known push service' }]);
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, kinds, language)
          VALUES (${userId}, ${b.endpoint}, ${b.keys.p256dh}, ${b.keys.auth}, ${JSON.stringify(b.kinds)}::jsonb, ${b.language})
          ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
            kinds = EXCLUDED.kinds, language = EXCLUDED.language, updated_at = now()`,
      );
      await tx.execute(
        sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN
          (SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY updated_at DESC, id DESC LIMIT ${MAX_PER_USER})`,
      );
    });
    return { endpoint: b.endpoint, kinds: b.kinds };
  }

  /** Forgets the user's browser (done already when it was not stored). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
  }

  /** Forgets every browser of the user (signed out everywhere). */
  async forgetUser(userId: number): Promise<void> {
    await forgetSubscriptionsOf(this.db, userId);
  }

  /** The registered players of a tournament that has just started. */
  async tournamentStarted(tournamentId: number): Promise<void> {
    const who = await rows<{ user_id: number; name: string }>(
      this.db,
      sql`SELECT e.user_id, t.name FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
        WHERE e.tournament_id = ${tournamentId} AND e.status IN ('registered', 'playing')`,
    );
    if (who.length) await this.notify([...new Set(who.map((w) => w.user_id))], tournamentStartNotice(tournamentId, who[0].name));
  }

  /** At most one "your turn" per player and table in TURN_QUIET_MS (a hand has several turns; the device shows one). */
  yourTurn(turn: { tableId: number; userId: number; tableName: string; tournamentId: number | null }, now = Date.now()): Promise<number> {
    const key = `${turn.userId}:${turn.tableId}`;
    if ((this.lastTurn.get(key) ?? -Infinity) > now - TURN_QUIET_MS) return Promise.resolve(0);
    if (this.lastTurn.size >= 10_000) for (const [k, at] of this.lastTurn) if (at <= now - TURN_QUIET_MS) this.lastTurn.delete(k);
    this.lastTurn.set(key, now);
    return this.notify([turn.userId], yourTurnNotice(turn.tableId, turn.tableName));
  }

  /** Sends to every browser of these users that wants this kind; how many the push services took. Never throws. */
  async notify(userIds: number[], notice: PushNotice): Promise<number> {
    const vapid = this.opts.vapid;
    if (!vapid || userIds.length === 0) return 0;
    try {
      const subs = await rows<PushSubscriptionRow>(
        this.db,
        sql`SELECT * FROM push_subscriptions WHERE user_id IN (${sql.join(
          userIds.map((u) => sql`${u}`),
          sql`, `,
        )}) AND kinds ? ${notice.kind}`,
      );
      let sent = 0;
      for (let i = 0; i < subs.length; i += PARALLEL) {
        const done = await Promise.all(subs.slice(i, i + PARALLEL).map((s) => this.send(vapid, s, notice)));
        sent += done.filter(Boolean).length;
      }
      return sent;
    } catch (e) {
      this.opts.log.warn(e, 'push: could not send');
      return 0;
    }
  }

  private async send(vapid: VapidKeys, s: PushSubscriptionRow, notice: PushNotice): Promise<boolean> {
    const payload = JSON.stringify({
      kind: notice.kind,
      url: notice.url,
      ...(notice.tag ? { tag: notice.tag } : {}),
      ...notice.word(s.language as PushLanguage),
    });
    try {
      await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails: vapid,
        TTL: notice.ttl,
        urgency: notice.urgency,
        ...(notice.tag ? { topic: notice.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } : {}),
        ...(this.opts.agent ? { agent: this.opts.agent } : {}),
        timeout: 10_000,
      });
      return true;
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await this.db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${s.id}`);
      else this.opts.log.warn({ status, endpoint: new URL(s.endpoint).host }, 'push: the push service refused a message');
      return false;
    }
  }

  close(): void {
    this.off();
  }
}
