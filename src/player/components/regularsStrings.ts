import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { resourcesFromModules } from '../../shared/i18n';

// The strings of the regulars' screens (notes on opponents, the hand search, notifications) ship with
// those screens' chunks, not with the lobby: the shell's i18n loads common and player only.
const modules = import.meta.glob('/locales/*/regulars.json', { eager: true, import: 'default' });

export function ensureRegularsStrings(i18n: I18n): void {
  for (const [lang, namespaces] of Object.entries(resourcesFromModules(modules))) {
    if (!i18n.hasResourceBundle(lang, 'regulars')) i18n.addResourceBundle(lang, 'regulars', namespaces.regulars, true, false);
  }
}

/** `t` over the regulars' strings first, then the player's (and common, the fallback). */
export function useRegularsTranslation() {
  const { i18n } = useTranslation();
  ensureRegularsStrings(i18n);
  return useTranslation(['regulars', 'player']);
}
