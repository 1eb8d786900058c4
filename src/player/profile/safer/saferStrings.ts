import { useAreaTranslation } from '../../components/areaStrings';

const modules = import.meta.glob('/locales/*/safer.json', { eager: true, import: 'default' });

// Safer play's strings (locales/<lang>/safer.json) with the player's.
export const useSaferTranslation = () => useAreaTranslation(modules, 'safer');
