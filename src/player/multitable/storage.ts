// localStorage that may be blocked (private modes): the multi-table view then keeps its choices for the visit.
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage blocked: the URL still holds the tables */
  }
}
