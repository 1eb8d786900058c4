// jsdom set-up shared by the player and admin component tests.
// (@testing-library/jest-dom is not installed: tests use plain expects.)
import { afterEach, vi } from 'vitest';

// MUI renders are slow under a fully parallel `npm test`; give UI tests room (no speed is asserted).
vi.setConfig({ testTimeout: 90_000 });
import { cleanup, configure } from '@testing-library/react';

// Role queries skip the accessibility-tree walk (a getComputedStyle per ancestor of every
// candidate): seconds per query on a react-admin page in jsdom. What is hidden is asserted
// explicitly where it matters (the axe sweeps check the real tree in Chromium).
configure({ defaultHidden: true });
// Lazily loaded parts (a profile tab's form, the table's hand log) first compile their chunk: under
// the whole suite's load that can take seconds. One bound for every wait (no speed is asserted).
configure({ asyncUtilTimeout: 10_000 });

/** matchMedia that evaluates min-width / max-width against window.innerWidth (jsdom has none). */
function evaluate(query: string): boolean {
  const w = window.innerWidth;
  const parts = query.split(/\band\b/).map((p) => p.trim());
  return parts.every((p) => {
    const max = /max-width:\s*([\d.]+)px/.exec(p);
    if (max) return w <= Number(max[1]);
    const min = /min-width:\s*([\d.]+)px/.exec(p);
    if (min) return w >= Number(min[1]);
    if (/prefers-color-scheme:\s*dark/.test(p)) return false;
    if (/prefers-reduced-motion/.test(p)) return false;
    return true;
  });
}

if (typeof window !== 'undefined') {
  window.matchMedia = ((query: string) => {
    const listeners = new Set<(e: MediaQueryListEvent) => void>();
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addListener: (l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeListener: (l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;

  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollTo = function scrollTo() {} as typeof Element.prototype.scrollTo;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
