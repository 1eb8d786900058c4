// The id this browser keeps for the room (docs/integrity.md): sent at sign-in and registration so
// that accounts used from one device can be seen together. Random, never derived from the device.
const KEY = 'mp.device';

/** This browser's id, made on first use; undefined where storage is unavailable. */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
