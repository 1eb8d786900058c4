import { createI18n, resourcesFromModules, type InitI18nOptions } from '../shared/i18n';

/** The player's namespaces (common is always there); table.json is loaded by the table page. */
const playerModules = import.meta.glob('/locales/*/player.json', { eager: true, import: 'default' });

export function createPlayerI18n(opts: Omit<InitI18nOptions, 'resources'> = {}) {
  return createI18n({ ...opts, resources: resourcesFromModules(playerModules), defaultNS: 'player' });
}
