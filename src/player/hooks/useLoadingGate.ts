import { startTransition, useEffect, useState } from 'react';

/** SPEC §2, §4, §9: pages show the loading screen for 500 ms first. */
export const LOADING_SCREEN_MS = 500;

/** True for `ms` after mount, and again for `ms` whenever `resetKey` changes. */
export function useLoadingGate(resetKey: unknown = null, ms = LOADING_SCREEN_MS): boolean {
  const [doneKey, setDoneKey] = useState<unknown>(Symbol('pending'));
  useEffect(() => {
    // The page behind the screen renders as a transition: in slices, not one long task.
    const t = setTimeout(() => startTransition(() => setDoneKey(resetKey)), ms);
    return () => clearTimeout(t);
  }, [resetKey, ms]);
  return doneKey !== resetKey;
}
