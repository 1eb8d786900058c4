import type { i18n as I18n } from 'i18next';
import { createI18n, normalizeLanguage, resourcesFromModules, LANGUAGES, type InitI18nOptions } from '../shared/i18n';

/**
 * The player's namespace (common is always there); table.json is loaded by the table page.
 * English (the fallback) comes with the page; another language's player.json is its own small
 * chunk, fetched when that language is first used: before the first render when it is the
 * detected one (main.tsx), before switching otherwise.
 */
const english = import.meta.glob('/locales/en/player.json', { eager: true, import: 'default' });
const others = import.meta.glob(['/locales/*/player.json', '!/locales/en/player.json'], { import: 'default' });
const loaded: Record<string, unknown> = { ...english };

const pathOf = (lng: string) => `/locales/${normalizeLanguage(lng)}/player.json`;
const hasStrings = (lng: string) => pathOf(lng) in loaded || !(pathOf(lng) in others);

/** Fetches a language's player strings (once) and adds them to `i18n`. */
export async function loadPlayerLanguage(i18n: I18n | null, lng: string): Promise<void> {
  const path = pathOf(lng);
  if (!(path in loaded) && path in others) loaded[path] = await others[path]();
  const lang = normalizeLanguage(lng);
  if (i18n && path in loaded && !i18n.hasResourceBundle(lang, 'player')) i18n.addResourceBundle(lang, 'player', loaded[path] as object, true, false);
}

/** Every language's strings at once (tests render in either language straight away). */
export async function loadAllPlayerLanguages(): Promise<void> {
  await Promise.all(LANGUAGES.map((l) => loadPlayerLanguage(null, l)));
}

export function createPlayerI18n(opts: Omit<InitI18nOptions, 'resources'> = {}) {
  const i18n = createI18n({ ...opts, resources: resourcesFromModules(loaded), defaultNS: 'player' });
  // Switching to a language whose strings are not here yet fetches them first (the language
  // switch, or a choice made in another tab), so no text shows in the wrong language meanwhile.
  const change = i18n.changeLanguage.bind(i18n);
  i18n.changeLanguage = ((lng?: string, callback?: Parameters<I18n['changeLanguage']>[1]) =>
    !lng || hasStrings(lng) ? change(lng, callback) : loadPlayerLanguage(i18n, lng).then(() => change(lng, callback))) as I18n['changeLanguage'];
  return i18n;
}
