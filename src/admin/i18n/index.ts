// react-admin's i18n provider over i18next (ra-i18n-i18next), configured like the player app
// (src/shared/i18n: same languages, detection order and storage key, so a language chosen in
// either app holds in both). Strings: locales/<lang>/admin.json; react-admin's own `ra.*`
// messages: ra-language-english and our Mongolian translation (./raMongolian).
import { createInstance, type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { I18nProvider, Locale } from 'react-admin';
import { FALLBACK_LANGUAGE, LANGUAGES, detectionOptions, normalizeLanguage, resourcesFromModules } from '../../shared/i18n';
import mongolianMessages from './raMongolian';

const adminModules = import.meta.glob('/locales/*/admin.json', { eager: true, import: 'default' });
// Areas with strings of their own (locales/<lang>/admin-<area>.json) join the admin namespace.
const areaModules = import.meta.glob('/locales/*/admin-*.json', { eager: true, import: 'default' });

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `extra` laid over `base`, objects merged key by key. */
function deepMerge(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(extra)) out[k] = isTree(v) && isTree(out[k]) ? deepMerge(out[k] as Tree, v) : v;
  return out;
}
const commonModules = import.meta.glob('/locales/*/common.json', { eager: true, import: 'default' });
/** The integrity section's strings (docs/integrity.md): their own file, merged into the admin namespace. */
const integrityModules = import.meta.glob('/locales/*/integrity.json', { eager: true, import: 'default' });

export const ADMIN_NS = 'admin';

export const availableLocales: Locale[] = [
  { locale: 'en', name: 'English' },
  { locale: 'mn', name: 'Монгол' },
];

const raMessages = {
  en: convertRaTranslationsToI18next(englishMessages),
  mn: convertRaTranslationsToI18next(mongolianMessages),
} as const;

/** i18next resources of the admin: `admin` = ra.* + admin.json + admin-*.json, plus the shared `common`. */

export function adminResources(): Resource {
  const admin = resourcesFromModules(adminModules);
  const common = resourcesFromModules(commonModules);
  const areas = resourcesFromModules(areaModules);
  const integrity = resourcesFromModules(integrityModules);
  const out: Resource = {};
  for (const lang of LANGUAGES) {
    const base = Object.values(areas[lang] ?? {}).reduce<Tree>((all, area) => deepMerge(all, area as Tree), {
      ...raMessages[lang],
      ...((admin[lang]?.[ADMIN_NS] as object) ?? {}),
    });
    out[lang] = {
      [ADMIN_NS]: deepMerge(base, (integrity[lang]?.integrity as Tree) ?? {}),
      ...(common[lang]?.common ? { common: common[lang].common } : {}),
    };
  }
  return out;
}

export function i18nOptions(lng?: string): InitOptions {
  const resources = adminResources();
  return {
    resources,
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: [ADMIN_NS, 'common'],
    defaultNS: ADMIN_NS,
    fallbackNS: 'common',
    // Server messages may contain ':' ("Route PUT:/api/... not found"); never treat it as a namespace.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    detection: lng ? undefined : { ...detectionOptions, convertDetectedLanguage: (l: string) => normalizeLanguage(l) },
    returnNull: false,
  };
}

/** Builds the react-admin i18n provider; `lng` forces a language (tests), otherwise it is detected. */
export function createI18nProvider(lng?: string): Promise<I18nProvider> {
  const instance = createInstance();
  if (!lng && typeof window !== 'undefined') instance.use(LanguageDetector);
  return getI18nProvider(instance, i18nOptions(lng), availableLocales).then((p) => {
    // From the start, not only on a change: a detected Mongolian is read with a Mongolian voice.
    if (typeof document !== 'undefined') document.documentElement.lang = normalizeLanguage(p.getLocale());
    return withHtmlLang(p);
  });
}

function withHtmlLang(p: I18nProvider): I18nProvider {
  return {
    ...p,
    // Keep <html lang> in step (screen readers, hyphenation).
    changeLocale: async (locale: string) => {
      await p.changeLocale(normalizeLanguage(locale));
      if (typeof document !== 'undefined') document.documentElement.lang = normalizeLanguage(locale);
    },
    getLocale: () => normalizeLanguage(p.getLocale()),
  };
}
