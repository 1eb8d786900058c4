import { lazy, type ComponentType } from 'react';

/** Whether the browser opened the back office on `path` (or below it). */
function opensOn(path: string): boolean {
  if (typeof location === 'undefined') return false;
  return location.pathname === path || location.pathname.startsWith(`${path}/`);
}

/**
 * A page loaded when first opened (react-admin's Layout shows its Loading meanwhile): only the
 * user list, where /admin opens, is in the first chunk; a phone then starts the back office
 * without evaluating and rendering the other resources' code (issue 32, docs/delivery.md).
 * With `path`, a page the browser opens on is asked for while the start is evaluated rather than
 * after react-admin's first render (one round trip less before its data is asked).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, path?: string): ComponentType<any> {
  const early = path && opensOn(path) ? load() : null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return lazy(() => (early ?? load()).then((m) => ({ default: m[name] as ComponentType<any> })));
}
