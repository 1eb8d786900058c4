import { createContext, useContext } from 'react';

/**
 * Counts renders of named components in tests (the speed test asserts that an event re-renders
 * exactly the seats it changed). Null in the app: a context read and nothing else.
 */
export type RenderProbe = (component: string, key: number | string) => void;
export const RenderProbeContext = createContext<RenderProbe | null>(null);

export function useRenderProbe(component: string, key: number | string): void {
  const probe = useContext(RenderProbeContext);
  if (probe) probe(component, key);
}
