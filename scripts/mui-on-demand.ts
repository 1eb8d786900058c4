// Vite plugin of the player's build (vite.config.ts, `client` environment only): redirects a few
// imports inside @mui/material (and trims react-router: no displayName, no developer warnings) so that the lobby does not download code it only needs later.
//
// - Select's Menu (Menu, Popover, Modal, focus trap, transitions) -> src/player/mui/DeferredMenu,
//   which renders nothing until a select is first opened and then loads MUI's Menu.
// - `Tooltip` from '@mui/material' -> src/player/mui/DeferredTooltip, which renders the child and
//   loads MUI's Tooltip when the child is first hovered, touched or focused. Likewise the barrel's
//   Menu, Input, FilledInput, TextareaAutosize and TabScrollButton, and the player's own imports of
//   '@mui/material/Menu' (the table's menu), get the deferred components below.
// - The standard and filled inputs of Select and TextField -> src/player/mui/DeferredInput and
//   DeferredFilledInput (the player's fields are all outlined), and InputBase's TextareaAutosize
//   -> src/player/mui/DeferredTextarea (the player has no multiline field), and Tabs'
//   TabScrollButton -> src/player/mui/DeferredTabScrollButton (the player's tabs do not scroll).
// - ButtonBase's TouchRipple -> src/player/mui/DeferredTouchRipple, loaded when a button is first
//   pressed or reached by keyboard (ButtonBase mounts its ripple only then).
// - @emotion/react's bare import of hoist-non-react-statics is dropped (no side effects).
// - swr's use-sync-external-store shim (for React < 18) -> React's own useSyncExternalStore.
// - TablePagination's `Intl.NumberFormat('en-US')`, built at the first label drawn, not at import.
// - The CSS-variables theme machinery: the player's theme (and MUI's default theme) are plain
//   themes, for which `createTheme` is `createThemeNoVars` and `ThemeProvider` never reaches
//   `CssVarsProvider`; both are linked to their no-variables versions, and asking the player's
//   build for a CSS-variables theme throws instead of silently rendering something else.
//
// A closed Menu or Popper renders nothing in MUI either, so the page is the same; the first open
// waits for one small chunk. Tests (vitest) and the dev server do not use this plugin. When MUI
// moves these files the redirects stop matching: the build then warns, and only size is lost.
import path from 'node:path';
import type { Plugin } from 'vite';
import { EAGER_FORMAT, LAZY_FORMAT, PAGINATION_FILE } from './admin-startup.ts';

// MUI 9 ships its ES modules as .mjs files beside the CommonJS ones (MUI 7 had them under esm/).
const MUI_ESM = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]/;
const THEME_ID = '\0player:mui-create-theme';
const VARS_PROVIDER_ID = '\0player:mui-no-css-vars-provider';
const SYNC_STORE_ID = '\0player:use-sync-external-store';
const BARREL_DEFERRED = ['Tooltip', 'Menu', 'Input', 'FilledInput', 'TextareaAutosize', 'TabScrollButton'];
const NO_VARS = 'CSS-variables themes are not part of the player build (scripts/mui-on-demand.ts)';

/** The player's deferred stand-in for one of MUI's components (src/player/mui). */
const deferredFile = (root: string, name: string) => path.join(root, `src/player/mui/Deferred${name === 'TextareaAutosize' ? 'Textarea' : name}.tsx`);

interface Redirect {
  name: string;
  /** The importing file, relative to @mui/material (forward slashes). */
  importer: RegExp;
  source: string;
  to: (importer: string) => string;
}

export function muiOnDemand(root: string): Plugin {
  const redirects: Redirect[] = [
    { name: 'Select menu', importer: /^Select\/SelectInput\.mjs$/, source: '../Menu/Menu.mjs', to: () => path.join(root, 'src/player/mui/DeferredMenu.tsx') },
    // The player's fields are all outlined: the standard and filled inputs are never rendered.
    ...['Input', 'FilledInput'].flatMap((kind) =>
      ['Select/Select', 'TextField/TextField'].map((file) => ({
        name: `${file.split('/')[0]} ${kind}`,
        importer: new RegExp(`^${file}\\.mjs$`),
        source: `../${kind}/index.mjs`,
        to: () => path.join(root, `src/player/mui/Deferred${kind}.tsx`),
      })),
    ),
    // NativeSelect's default input is the standard one too (the player draws its own selects).
    {
      name: 'NativeSelect Input',
      importer: /^NativeSelect\/NativeSelect\.mjs$/,
      source: '../Input/index.mjs',
      to: () => path.join(root, 'src/player/mui/DeferredInput.tsx'),
    },
    // Only multiline fields render a textarea, and the player has none.
    {
      name: 'InputBase textarea',
      importer: /^InputBase\/InputBase\.mjs$/,
      source: '../TextareaAutosize/index.mjs',
      to: () => path.join(root, 'src/player/mui/DeferredTextarea.tsx'),
    },
    // Only scrollable tabs with scroll buttons render them; the player's tabs are full width.
    {
      name: 'Tabs scroll button',
      importer: /^Tabs\/Tabs\.mjs$/,
      source: '../TabScrollButton/index.mjs',
      to: () => path.join(root, 'src/player/mui/DeferredTabScrollButton.tsx'),
    },
    // A button's ripple: loaded at the first press or keyboard focus, when ButtonBase mounts it.
    {
      name: 'ButtonBase ripple',
      importer: /^ButtonBase\/ButtonBase\.mjs$/,
      source: './TouchRipple.mjs',
      to: () => path.join(root, 'src/player/mui/DeferredTouchRipple.tsx'),
    },
    { name: 'createTheme', importer: /^styles\/[^/]+\.mjs$/, source: './createTheme.mjs', to: () => THEME_ID },
    { name: 'ThemeProvider', importer: /^styles\/ThemeProvider\.mjs$/, source: './ThemeProviderWithVars.mjs', to: () => VARS_PROVIDER_ID },
  ];
  const used = new Set<string>();
  let createThemeNoVars = '';

  return {
    name: 'player-mui-on-demand',
    apply: 'build',
    enforce: 'pre',
    // The back office (the `admin` environment) keeps MUI as it is.
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer) {
      // @emotion/react imports it for its side effects, which it has none of (a CommonJS module
      // is otherwise kept whole): only what uses it (withTheme, unused) keeps it.
      if (source === 'hoist-non-react-statics') {
        const r = await this.resolve(source, importer, { skipSelf: true });
        return r && { ...r, moduleSideEffects: false };
      }
      // swr's shim for React < 18: React 19 has useSyncExternalStore itself.
      if (source === 'use-sync-external-store/shim') return SYNC_STORE_ID;
      if (!importer) return null;
      // The player's own imports of a deferred part (the table's menu) get the deferred one too.
      const own = /^@mui\/material\/(\w+)$/.exec(source);
      if (own && BARREL_DEFERRED.includes(own[1]) && !importer.includes(`${path.sep}src${path.sep}player${path.sep}mui${path.sep}`)) {
        used.add(`own ${own[1]}`);
        return deferredFile(root, own[1]);
      }
      const m = MUI_ESM.exec(importer);
      if (!m) return null;
      const rel = importer
        .slice(m.index + m[0].length)
        .split(path.sep)
        .join('/');
      for (const r of redirects) {
        if (source !== r.source || !r.importer.test(rel)) continue;
        used.add(r.name);
        if (r.name === 'createTheme') createThemeNoVars = path.join(path.dirname(importer), 'createThemeNoVars.mjs');
        return r.to(importer);
      }
      return null;
    },
    transform: {
      filter: { id: [/[\\/]node_modules[\\/](react-router[\\/]dist|@mui[\\/]material[\\/]index\.mjs$)/, PAGINATION_FILE] },
      handler(code, id) {
        // TablePagination's number format, built when its label is first drawn rather than when the
        // module is evaluated (scripts/admin-startup.ts): the player formats money without Intl, so
        // this was the first number format of /profile, and ICU's start (about 70 ms at 4x).
        if (PAGINATION_FILE.test(id)) {
          if (!code.includes(EAGER_FORMAT)) return null;
          used.add('pagination format');
          return { code: code.replace(EAGER_FORMAT, LAZY_FORMAT), map: null };
        }
        let out = code;
        // The barrel's Tooltip, Menu, inputs, textarea and scroll button are the deferred ones, and
        // its `export *` of each reaches only the component's classes: nothing in the build imports
        // the real components statically, so their dynamic imports give them chunks of their own
        // (rolldown warns of an ineffective dynamic import otherwise).
        if (MUI_ESM.test(id)) {
          for (const name of BARREL_DEFERRED) {
            const line = `export { default as ${name} } from "./${name}/index.mjs";`;
            const star = `export * from "./${name}/index.mjs";`;
            if (!out.includes(line) || !out.includes(star)) continue;
            const classes = `${name[0].toLowerCase()}${name.slice(1)}Classes`;
            out = out
              .replace(line, `export { default as ${name} } from ${JSON.stringify(deferredFile(root, name))};`)
              .replace(
                star,
                name === 'TextareaAutosize'
                  ? ''
                  : `export * from "./${name}/${classes}.mjs";\nexport { default as ${classes} } from "./${name}/${classes}.mjs";`,
              );
            used.add(`barrel ${name}`);
          }
        }
        // react-router sets `displayName` (for React's devtools) on every component it defines; the
        // assignments keep the ones the player never uses (Form, NavLink, ScrollRestoration...).
        // Its top-level forwardRef / createContext / memo calls are pure, but not marked so.
        // Its default export condition is the development build, whose only difference from the
        // production one is `ENABLE_DEV_WARNINGS = true` (console warnings for developers).
        else
          out = code
            .replace(/^(\w+)\.displayName = "[^"\n]*";$/gm, '')
            .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
            .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;');
        return out === code ? null : { code: out, map: null };
      },
    },
    load(id) {
      // MUI's createTheme calls createThemeNoVars(options, ...args) exactly when cssVariables is
      // off and `colorSchemes` is not given: the only case the player has.
      if (id === THEME_ID)
        return [
          `import createThemeNoVars from ${JSON.stringify(createThemeNoVars)};`,
          'export default function createTheme(options = {}, ...args) {',
          `  if (options.cssVariables || 'colorSchemes' in options) throw new Error(${JSON.stringify(NO_VARS)});`,
          '  return createThemeNoVars(options, ...args);',
          '}',
        ].join('\n');
      if (id === SYNC_STORE_ID) return "export { useSyncExternalStore } from 'react';";
      if (id === VARS_PROVIDER_ID) return `export function CssVarsProvider() { throw new Error(${JSON.stringify(NO_VARS)}); }`;
      return null;
    },
    buildEnd() {
      for (const name of BARREL_DEFERRED)
        if (!used.has(`barrel ${name}`)) this.warn(`MUI's ${name} export was not redirected: has @mui/material changed its index.mjs?`);
      for (const r of redirects) if (!used.has(r.name)) this.warn(`MUI's ${r.name} import was not redirected: has @mui/material moved its files?`);
      if (!used.has('pagination format')) this.warn("MUI's TablePagination number format was not deferred: has @mui/material changed TablePagination.mjs?");
    },
  };
}
