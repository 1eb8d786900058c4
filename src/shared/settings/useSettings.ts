import { createContext, useContext, useSyncExternalStore } from 'react';
import { settingsStore, type PlayerSettings, type SettingsStore } from './settingsStore';

/** Tests and the admin app can hand in their own store. */
export const SettingsStoreContext = createContext<SettingsStore>(settingsStore);

export function useSettingsStore(): SettingsStore {
  return useContext(SettingsStoreContext);
}

export function useSettings(): [PlayerSettings, SettingsStore['set']] {
  const store = useSettingsStore();
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [value, store.set];
}

/** One setting, so a component re-renders only when that one changes. */
export function useSetting<K extends keyof PlayerSettings>(key: K): PlayerSettings[K] {
  const store = useSettingsStore();
  const get = () => store.get()[key];
  return useSyncExternalStore(store.subscribe, get, get);
}
