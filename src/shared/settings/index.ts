export * from './settingsStore';
export * from './useSettings';
