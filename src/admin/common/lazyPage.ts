import { lazy, type ComponentType } from 'react';

/**
 * A page loaded when first opened (react-admin's Layout shows its Loading meanwhile): only the
 * user list, where /admin opens, is in the first chunk; a phone then starts the back office
 * without evaluating and rendering the other resources' code (issue 32, docs/delivery.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<any> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<any> })));
}
