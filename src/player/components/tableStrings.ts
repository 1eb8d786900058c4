import type { i18n as I18n } from 'i18next';
import { resourcesFromModules } from '../../shared/i18n';

// The table's strings ship with the table chunk, not with the lobby (the shell's i18n loads
// common and player only).
const tableModules = import.meta.glob('/locales/*/table.json', { eager: true, import: 'default' });

export function ensureTableStrings(i18n: I18n): void {
  for (const [lang, namespaces] of Object.entries(resourcesFromModules(tableModules))) {
    if (!i18n.hasResourceBundle(lang, 'table')) i18n.addResourceBundle(lang, 'table', namespaces.table, true, false);
  }
}
