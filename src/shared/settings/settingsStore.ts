// The player's table settings, kept in localStorage and applied at once: every change notifies
// subscribers in this tab, and the 'storage' event keeps other tabs in step.

export type Language = 'en' | 'mn';

export interface PlayerSettings {
  sounds: boolean;
  animations: boolean;
  autoMuck: boolean;
  fourColor: boolean;
  language: Language;
  /** Generated background loop; off by default (people play with other audio on). */
  music: boolean;
  dark: boolean;
  /**
   * Single-key table shortcuts (F fold, C check/call, R raise). Off by default: they move money
   * with one unmodified keystroke, so a player turns them on knowingly (docs/table.md).
   */
  keyboardShortcuts: boolean;
}

export const DEFAULT_SETTINGS: PlayerSettings = {
  sounds: true,
  animations: true,
  autoMuck: true,
  fourColor: false,
  language: 'en',
  music: false,
  dark: false,
  keyboardShortcuts: false,
};

export const SETTINGS_KEY = 'playerSettings';
/** SPEC §9: the theme lives under its own key, shared with the shell's theme context. */
export const THEME_KEY = 'themeMode';
/** i18next-browser-languagedetector's cache key. */
export const LANGUAGE_KEY = 'i18nextLng';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export interface SettingsStore {
  get(): PlayerSettings;
  set(patch: Partial<PlayerSettings>): void;
  subscribe(listener: () => void): () => void;
}

function safeStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (private mode, sandboxed iframe)
  }
}

function read(storage: StorageLike | null): PlayerSettings {
  const out = { ...DEFAULT_SETTINGS };
  if (!storage) return out;
  try {
    const raw = storage.getItem(SETTINGS_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Record<keyof PlayerSettings, unknown>>) : {};
    for (const key of ['sounds', 'animations', 'autoMuck', 'fourColor', 'music', 'dark', 'keyboardShortcuts'] as const) {
      if (typeof parsed[key] === 'boolean') out[key] = parsed[key] as boolean;
    }
    const theme = storage.getItem(THEME_KEY);
    if (theme === 'dark' || theme === 'light') out.dark = theme === 'dark';
    const lang = storage.getItem(LANGUAGE_KEY) ?? (typeof parsed.language === 'string' ? parsed.language : null);
    if (lang) out.language = lang.toLowerCase().startsWith('mn') ? 'mn' : 'en';
  } catch {
    /* corrupt JSON: defaults */
  }
  return out;
}

export function createSettingsStore(storage: StorageLike | null = safeStorage()): SettingsStore {
  let current = read(storage);
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  if (typeof window !== 'undefined' && storage) {
    window.addEventListener('storage', (e) => {
      if (e.key === SETTINGS_KEY || e.key === THEME_KEY || e.key === LANGUAGE_KEY) {
        current = read(storage);
        notify();
      }
    });
  }

  return {
    get: () => current,
    set(patch) {
      const next = { ...current, ...patch };
      if (Object.keys(patch).every((k) => current[k as keyof PlayerSettings] === next[k as keyof PlayerSettings])) return;
      current = next;
      try {
        storage?.setItem(SETTINGS_KEY, JSON.stringify(next));
        if (patch.dark !== undefined) storage?.setItem(THEME_KEY, next.dark ? 'dark' : 'light');
        if (patch.language !== undefined) storage?.setItem(LANGUAGE_KEY, next.language);
      } catch {
        /* quota or blocked storage: keep the in-memory value */
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The one store of the tab. */
export const settingsStore: SettingsStore = createSettingsStore();
