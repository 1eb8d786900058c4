/**
 * The browser's language, as i18next-browser-languagedetector found it with the options this room
 * uses (`detectionOptions`), in a few lines instead of its 6 KB: the lobby's first download is on
 * a budget (docs/delivery.md). Order: the `lng` query parameter, the `i18nextLng` cookie,
 * localStorage, sessionStorage, the navigator's languages, <html lang>; the choice is kept in
 * localStorage. i18next takes the first candidate it supports.
 */
import type { LanguageDetectorModule } from 'i18next';

const KEY = 'i18nextLng';
const PARAM = 'lng';

/** Letters, digits, `-`, `_`, `@`, `.`: what may reach <html lang> (as the library checks). */
const safe = (code: unknown): code is string => typeof code === 'string' && /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..');

function fromStorage(kind: 'localStorage' | 'sessionStorage'): string | null {
  try {
    return window[kind].getItem(KEY);
  } catch {
    return null; // storage disabled (a private window, a blocked site)
  }
}

function fromCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === KEY) return value.join('=');
  }
  return null;
}

function fromQuery(): string | null {
  const { search, hash } = window.location;
  // As the library: a `?lng=` inside the hash counts when the URL has no search of its own.
  const query = search || (hash.includes('?') ? hash.slice(hash.indexOf('?')) : '');
  return new URLSearchParams(query).get(PARAM);
}

/** The candidates in order, for i18next to choose among. */
export function detectLanguages(): string[] {
  const nav = window.navigator;
  const found = [
    fromQuery(),
    fromCookie(),
    fromStorage('localStorage'),
    fromStorage('sessionStorage'),
    ...(nav.languages ?? []),
    nav.language,
    document.documentElement.getAttribute('lang'),
  ];
  return found.filter(safe);
}

export const browserLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage(lng: string) {
    if (lng === 'cimode') return;
    try {
      window.localStorage.setItem(KEY, lng);
    } catch {
      // not kept: the next visit detects again
    }
  },
};
