import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { resourcesFromModules } from '../../shared/i18n';

// Strings of screens that are not the lobby (safer play, statistics) ship with those screens'
// chunks: each area's own locales/<lang>/<area>.json, added when its screen first renders, so the
// lobby's first chunk carries only the player's own strings (its budget: 150 KB brotli).
type Modules = Record<string, unknown>;

export function ensureArea(i18n: I18n, modules: Modules, ns: string): void {
  for (const [lang, namespaces] of Object.entries(resourcesFromModules(modules))) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, namespaces[ns], true, false);
  }
}

/** `t` over the area's strings first, then the player's (and common, the fallback). */
export function useAreaTranslation(modules: Modules, ns: string) {
  const { i18n } = useTranslation();
  ensureArea(i18n, modules, ns);
  return useTranslation([ns, 'player']);
}
