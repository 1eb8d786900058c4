import type { i18n as I18n } from 'i18next';
import { createI18n, normalizeLanguage, resourcesFromModules, LANGUAGES, type InitI18nOptions } from '../../shared/i18n';

/**
 * The player's namespaces: common and player (table.json is loaded by the table page).
 *
 * The lobby's first chunk is on a budget (150 KB brotli, docs/delivery.md), so it carries only
 * English (the fallback) and, of the player's strings, the sections the lobby and the room's bar
 * draw with (START_SECTIONS). The rest of English's player.json is a chunk of its own, fetched with
 * the first screen or part that is not the lobby (`withPlayerStrings`, beside that part's own
 * chunk, so nothing waits longer). Another language's common.json and player.json are fetched
 * whole when that language is first used: before the first render when it is the detected one
 * (main.tsx), before switching otherwise.
 */
const english = import.meta.glob('/locales/en/common.json', { eager: true, import: 'default' });
// One glob per section: Vite's JSON named exports, so the other sections stay out of the chunk.
const START_GLOBS = [
  import.meta.glob('/locales/en/player.json', { eager: true, import: 'lobby' }),
  import.meta.glob('/locales/en/player.json', { eager: true, import: 'chat' }),
  import.meta.glob('/locales/en/player.json', { eager: true, import: 'maintenance' }),
  import.meta.glob('/locales/en/player.json', { eager: true, import: 'wallet' }),
];
/** The player's sections the first chunk carries: what the lobby, its chat and the room's bar say. */
export const START_SECTIONS = ['lobby', 'chat', 'maintenance', 'wallet'] as const;
const EN_PLAYER = '/locales/en/player.json';
export const englishStart: Record<string, unknown> = Object.fromEntries(START_SECTIONS.map((s, i) => [s, START_GLOBS[i][EN_PLAYER]]));

// The whole file as text (`?raw`): a module of its own, so its own chunk (the same JSON module
// imported both ways would be in the first chunk whole).
const englishWhole = import.meta.glob<string>('/locales/en/player.json', { query: '?raw', import: 'default' });
const others = import.meta.glob(['/locales/*/common.json', '/locales/*/player.json', '!/locales/en/*.json'], { import: 'default' });
const loaded: Record<string, unknown> = { ...english, [EN_PLAYER]: englishStart };
let englishComplete = false;
/** The app's instances (one; tests make one per render), to add strings fetched later to. */
const instances = new Set<I18n>();

const pathsOf = (lng: string) => ['common', 'player'].map((ns) => `/locales/${normalizeLanguage(lng)}/${ns}.json`);
const hasStrings = (lng: string) => pathsOf(lng).every((path) => path in loaded || !(path in others));

/** Fetches a language's common and player strings (once) and adds them to `i18n`. */
export async function loadPlayerLanguage(i18n: I18n | null, lng: string): Promise<void> {
  const lang = normalizeLanguage(lng);
  await Promise.all(
    pathsOf(lang).map(async (path) => {
      if (!(path in loaded) && path in others) loaded[path] = await others[path]();
    }),
  );
  for (const [ns, path] of ['common', 'player'].map((ns, i) => [ns, pathsOf(lang)[i]])) {
    if (i18n && path in loaded && !i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, loaded[path] as object, true, false);
  }
}

let englishRest: Promise<void> | null = null;
/** The rest of English's player strings (once), added to every instance. */
export function loadEnglishPlayerStrings(): Promise<void> {
  englishRest ??= englishWhole[EN_PLAYER]().then((text) => {
    const whole = JSON.parse(text) as Record<string, unknown>;
    loaded[EN_PLAYER] = whole;
    englishComplete = true;
    for (const i18n of instances) i18n.addResourceBundle('en', 'player', whole, true, true);
  });
  return englishRest;
}

/** A part's module, once it and the player's whole English strings are here (for `lazy`). */
export function withPlayerStrings<T>(load: Promise<T>): Promise<T> {
  return englishComplete ? load : Promise.all([load, loadEnglishPlayerStrings()]).then(([m]) => m);
}

/** Every language's strings at once (tests render in either language straight away). */
export async function loadAllPlayerLanguages(): Promise<void> {
  await Promise.all([loadEnglishPlayerStrings(), ...LANGUAGES.map((l) => loadPlayerLanguage(null, l))]);
}

export function createPlayerI18n(opts: Omit<InitI18nOptions, 'resources'> = {}) {
  const i18n = createI18n({ ...opts, resources: resourcesFromModules(loaded), defaultNS: 'player' });
  instances.add(i18n);
  // Switching to a language whose strings are not here yet fetches them first (the language
  // switch, or a choice made in another tab), so no text shows in the wrong language meanwhile.
  const change = i18n.changeLanguage.bind(i18n);
  i18n.changeLanguage = ((lng?: string, callback?: Parameters<I18n['changeLanguage']>[1]) =>
    !lng || hasStrings(lng) ? change(lng, callback) : loadPlayerLanguage(i18n, lng).then(() => change(lng, callback))) as I18n['changeLanguage'];
  return i18n;
}
