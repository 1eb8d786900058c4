/**
 * The global "unauthenticated" signal: any 401 from either API (SPEC §4, §8) is broadcast here;
 * the player's auth provider and the admin's auth provider both listen.
 */
type Listener = (info: { url: string }) => void;

const listeners = new Set<Listener>();

export function onUnauthenticated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitUnauthenticated(url: string): void {
  for (const l of [...listeners]) {
    try {
      l({ url });
    } catch (e) {
      console.error('unauthenticated listener failed', e);
    }
  }
}
