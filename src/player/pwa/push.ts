// Web push, the browser's side (issue 33): permission asked from a switch the player turns on (never
// on page load), the subscription made with the server's VAPID key (GET /user/push/key) and sent with
// the kinds of message wanted and the language to word them in (PUT /user/push/subscription); with no
// kind left it is dropped on both sides (DELETE). The routes: src/shared/api/regulars.ts.
import type { PushKind } from '../../shared/api/regulars';
import { isApiError } from '../../shared/http';
import { pushApi } from '../api/regularsApi';

export const PUSH_KINDS_KEY = 'pushKinds';

export type PushProblem = 'unsupported' | 'denied' | 'disabled' | 'failed';

export class PushError extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
  }
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function permission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The kinds chosen on this device (the server keeps them with the subscription). */
export function storedKinds(): PushKind[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PUSH_KINDS_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((k): k is PushKind => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function storeKinds(kinds: PushKind[]): void {
  try {
    localStorage.setItem(PUSH_KINDS_KEY, JSON.stringify(kinds));
  } catch {
    /* storage blocked: the server still has them */
  }
}

/** A VAPID key (base64url) as PushManager.subscribe takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function subscription(publicKey: string): Promise<PushSubscription> {
  const reg = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const current = await reg.pushManager.getSubscription();
  if (current) {
    const same = current.options?.applicationServerKey;
    if (!same || new Uint8Array(same).every((b, i) => b === key[i])) return current;
    await current.unsubscribe(); // the server's key changed: subscribe again with the new one
  }
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Sets the kinds of message this device gets. Called from a switch's click: the permission prompt
 * needs the player's gesture. An empty list unsubscribes.
 */
export async function setPushKinds(kinds: PushKind[], language: 'en' | 'mn'): Promise<void> {
  if (!pushSupported()) throw new PushError('unsupported');
  if (kinds.length === 0) {
    const reg = await navigator.serviceWorker.getRegistration();
    const current = await reg?.pushManager.getSubscription();
    if (current) {
      await pushApi.unsubscribe(current.endpoint).catch(() => {});
      await current.unsubscribe();
    }
    storeKinds([]);
    return;
  }
  const granted = Notification.permission === 'granted' || (await Notification.requestPermission()) === 'granted';
  if (!granted) throw new PushError('denied');
  try {
    const { publicKey } = await pushApi.key();
    const sub = (await subscription(publicKey)).toJSON() as { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
    await pushApi.subscribe({ endpoint: sub.endpoint, expirationTime: sub.expirationTime ?? null, keys: sub.keys, kinds, language });
    storeKinds(kinds);
  } catch (e) {
    if (isApiError(e) && e.status === 404) throw new PushError('disabled');
    throw new PushError('failed');
  }
}
