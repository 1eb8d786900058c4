import { useAreaTranslation } from '../components/areaStrings';

const modules = import.meta.glob('/locales/*/stats.json', { eager: true, import: 'default' });

// The statistics tab's strings (locales/<lang>/stats.json) with the player's.
export const useStatsTranslation = () => useAreaTranslation(modules, 'stats');
