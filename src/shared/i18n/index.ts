/**
 * i18next set-up shared by the player and admin apps.
 *
 * Resources come from locales/<lang>/<namespace>.json. They are gathered with Vite's
 * import.meta.glob (src/ does not import files outside src/ by relative path), each app
 * globbing the namespaces it needs so the player bundle never carries admin strings.
 *
 * Detection (SPEC §9): querystring (?lng=mn), cookie, localStorage, sessionStorage, navigator,
 * htmlTag; the choice is cached in localStorage. English is the fallback.
 */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguageDetector } from './detector';

export const LANGUAGES = ['en', 'mn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];
export const DETECTION_CACHES = ['localStorage'];
/** localStorage / sessionStorage / cookie key and query parameter the detector reads. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_QUERY_PARAM = 'lng';

/** The options i18next-browser-languagedetector takes for this order (the back office uses it). */
export const detectionOptions = {
  order: DETECTION_ORDER,
  caches: DETECTION_CACHES,
  lookupQuerystring: LANGUAGE_QUERY_PARAM,
  lookupCookie: LANGUAGE_STORAGE_KEY,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
};

/**
 * Turns glob results keyed '/locales/<lang>/<ns>.json' into an i18next Resource.
 * Files of languages we do not support are ignored.
 */
export function resourcesFromModules(modules: Record<string, unknown>): Resource {
  const out: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m;
    if (!(LANGUAGES as readonly string[]).includes(lang)) continue;
    out[lang] ??= {};
    out[lang][ns] = content as Record<string, unknown>;
  }
  return out;
}

export interface InitI18nOptions {
  /**
   * The strings, e.g. resourcesFromModules(import.meta.glob('/locales/en/*.json', ...)): the common
   * namespace and the app's own. Each app brings them (the player only English at start), so this
   * module carries no language's strings itself.
   */
  resources?: Resource;
  defaultNS?: string;
  /** Force a language (tests); otherwise detected. */
  lng?: string;
  /** Use the browser detector (default true when there is a window). */
  detect?: boolean;
}

export function normalizeLanguage(lng: string | undefined | null): Language {
  return lng && lng.toLowerCase().startsWith('mn') ? 'mn' : 'en';
}

/** Creates and initialises an i18next instance (synchronously: resources are bundled). */
export function createI18n(opts: InitI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  const detect = opts.detect ?? (typeof window !== 'undefined' && !opts.lng);
  if (detect) instance.use(browserLanguageDetector);
  instance.use(initReactI18next);
  const resources = opts.resources ?? {};
  const namespaces = Array.from(new Set(Object.values(resources).flatMap((r) => Object.keys(r))));
  void instance.init({
    resources,
    lng: opts.lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: namespaces,
    defaultNS: opts.defaultNS ?? 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    initImmediate: false,
    returnNull: false,
  });
  if (typeof document !== 'undefined') {
    const setHtmlLang = (lng: string) => {
      document.documentElement.lang = normalizeLanguage(lng);
    };
    setHtmlLang(instance.language);
    instance.on('languageChanged', setHtmlLang);
  }
  if (detect) {
    // A language chosen in another tab (or window) of the room applies here too.
    window.addEventListener('storage', (e) => {
      if (e.key === LANGUAGE_STORAGE_KEY && e.newValue && normalizeLanguage(e.newValue) !== currentLanguage(instance)) {
        void instance.changeLanguage(normalizeLanguage(e.newValue));
      }
    });
  }
  return instance;
}

/** The language in use, reduced to en | mn. */
export function currentLanguage(instance: I18n): Language {
  return normalizeLanguage(instance.resolvedLanguage ?? instance.language);
}
