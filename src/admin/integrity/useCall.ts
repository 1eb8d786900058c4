// A small loader for the integrity pages' own calls (the player and group pages, a hand): the
// answer, the error, and a reload after an action.
import { useCallback, useEffect, useState } from 'react';

export default function useCall<T>(fn: () => Promise<T>, deps: readonly unknown[]): { data?: T; error?: unknown; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({});
  const [n, setN] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(fn, deps);
  useEffect(() => {
    let live = true;
    run().then(
      (data) => live && setState({ data }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [run, n]);
  return { ...state, reload: () => setN((x) => x + 1) };
}
