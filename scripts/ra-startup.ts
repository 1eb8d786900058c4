// Vite plugin of the back office's build (vite.config.ts, `admin` environment only; issue 32):
// react-admin's CoreAdminRoutes reads its <Resource> and <CustomRoutes> children into state on the
// first render, then reads them again in an effect and stores the new (equal) lists. That second
// update is not a transition, so React re-rendered the whole layout and the first list in one
// task (about 1 s on a phone, after the first render had been sliced). Here the effect keeps the
// state it has when the lists hold the same elements, so nothing re-renders. Tests and the dev
// server run react-admin unchanged (only the timing differs). When ra-core changes this file, the
// build warns and only the re-render is back.
import type { Plugin } from 'vite';

const FILE = /[\\/]node_modules[\\/]ra-core[\\/]dist[\\/]core[\\/]useConfigureAdminRouterFromChildren\.js$/;
const UPDATE = 'setRoutesAndResources(newRoutesAndResources);';
const KEEP_EQUAL = [
  'setRoutesAndResources((previous) => {',
  '  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);',
  '  return same(previous.resources, newRoutesAndResources.resources) &&',
  '    same(previous.customRoutesWithLayout, newRoutesAndResources.customRoutesWithLayout) &&',
  '    same(previous.customRoutesWithoutLayout, newRoutesAndResources.customRoutesWithoutLayout)',
  '    ? previous',
  '    : newRoutesAndResources;',
  '});',
].join('\n');

export function raStartup(): Plugin {
  let patched = false;
  return {
    name: 'admin-ra-startup',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'admin',
    transform: {
      filter: { id: FILE },
      handler(code) {
        if (!code.includes(UPDATE)) return null;
        patched = true;
        return { code: code.replace(UPDATE, KEEP_EQUAL), map: null };
      },
    },
    buildEnd() {
      if (!patched) this.warn("react-admin's routes effect was not patched: has ra-core changed useConfigureAdminRouterFromChildren.js?");
    },
  };
}
