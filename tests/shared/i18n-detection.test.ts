// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  createI18n as createWith,
  DETECTION_CACHES,
  DETECTION_ORDER,
  LANGUAGE_STORAGE_KEY,
  currentLanguage,
  resourcesFromModules,
} from '../../src/shared/i18n';
import en from '../../locales/en/common.json';
import mn from '../../locales/mn/common.json';

// The shared set-up carries no strings: each app brings its own (here both languages' common).
const resources = resourcesFromModules({ '/locales/en/common.json': en, '/locales/mn/common.json': mn });
const createI18n = () => createWith({ resources });

function setUrl(search: string) {
  window.history.replaceState(null, '', `/${search}`);
}

function setNavigatorLanguage(lang: string) {
  Object.defineProperty(window.navigator, 'languages', { value: [lang], configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: lang, configurable: true });
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${LANGUAGE_STORAGE_KEY}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  setUrl('');
  setNavigatorLanguage('en-US');
});

describe('language detection', () => {
  it('follows the spec order and caches in localStorage', () => {
    expect(DETECTION_ORDER).toEqual(['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag']);
    expect(DETECTION_CACHES).toEqual(['localStorage']);
  });

  it('falls back to English', () => {
    setNavigatorLanguage('de-DE');
    const i18n = createI18n();
    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('menu.login')).toBe('Log in');
  });

  it('reads the navigator (mn-MN → mn) and caches the choice in localStorage', () => {
    setNavigatorLanguage('mn-MN');
    const i18n = createI18n();
    expect(currentLanguage(i18n)).toBe('mn');
    expect(i18n.t('menu.login')).toBe('Нэвтрэх');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toMatch(/^mn/);
  });

  it('localStorage beats sessionStorage and the navigator', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'mn');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    setNavigatorLanguage('en-US');
    expect(currentLanguage(createI18n())).toBe('mn');
  });

  it('a cookie beats localStorage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    document.cookie = `${LANGUAGE_STORAGE_KEY}=mn; path=/`;
    expect(currentLanguage(createI18n())).toBe('mn');
  });

  it('the querystring beats everything', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'mn');
    document.cookie = `${LANGUAGE_STORAGE_KEY}=mn; path=/`;
    setUrl('?lng=en');
    expect(currentLanguage(createI18n())).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('changing the language is cached and sets <html lang>', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('mn');
    expect(document.documentElement.lang).toBe('mn');
  });
});
