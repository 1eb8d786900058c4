// The player's i18n (the strings' loading lives in components/, where the lobby's feature folders
// may import it from).
export { createPlayerI18n, loadAllPlayerLanguages, loadPlayerLanguage } from './components/playerStrings';
