// Vite plugin of the back office's build (vite.config.ts, `admin` environment only; issue 32). Two
// patches of work done at start that the first page does not need:
//
// - react-admin's CoreAdminRoutes reads its <Resource> and <CustomRoutes> children into state on the
// first render, then reads them again in an effect and stores the new (equal) lists. That second
// update is not a transition, so React re-rendered the whole layout and the first list in one
// task (about 1 s on a phone, after the first render had been sliced). Here the effect keeps the
// state it has when the lists hold the same elements, so nothing re-renders.
// - MUI's TablePagination builds an `Intl.NumberFormat('en-US')` when its module is evaluated, for
//   its default "1–10 of 100" label (react-admin passes its own). The first number format loads
//   ICU's data: about 100 ms of the bundle's start on this machine, 400 ms on a phone. Here it is
//   built the first time that label is drawn.
//
// Tests and the dev server run both libraries unchanged (only the timing differs). When a library
// changes these files the build warns, and only the work at start is back.
import type { Plugin } from 'vite';

const ROUTES_FILE = /[\\/]node_modules[\\/]ra-core[\\/]dist[\\/]core[\\/]useConfigureAdminRouterFromChildren\.js$/;
// Also the player's build (scripts/mui-on-demand.ts): its history tables page with TablePagination.
export const PAGINATION_FILE = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]TablePagination[\\/]TablePagination\.mjs$/;
export const EAGER_FORMAT = "const formatNumber = buildFormatNumber('en-US');";
export const LAZY_FORMAT = "let enUsFormat;\nconst formatNumber = (value) => (enUsFormat ??= buildFormatNumber('en-US'))(value);";
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

export function adminStartup(): Plugin {
  const patched = new Set<string>();
  return {
    name: 'admin-ra-startup',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'admin',
    transform: {
      filter: { id: [ROUTES_FILE, PAGINATION_FILE] },
      handler(code, id) {
        const [name, from, to] = ROUTES_FILE.test(id) ? ['routes', UPDATE, KEEP_EQUAL] : ['pagination', EAGER_FORMAT, LAZY_FORMAT];
        if (!code.includes(from)) return null;
        patched.add(name);
        return { code: code.replace(from, to), map: null };
      },
    },
    buildEnd() {
      if (!patched.has('routes')) this.warn("react-admin's routes effect was not patched: has ra-core changed useConfigureAdminRouterFromChildren.js?");
      if (!patched.has('pagination')) this.warn("MUI's TablePagination number format was not deferred: has @mui/material changed TablePagination.mjs?");
    },
  };
}
