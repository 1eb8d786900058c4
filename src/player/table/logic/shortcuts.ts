// The table's keyboard shortcuts: which key means what, and which table a key is for.
//
// Keys are matched by their place on the keyboard (`event.code`), not by the character they type:
// on a Mongolian (Cyrillic) layout the F, C and R keys type Cyrillic letters, so matching
// `event.key` never fired there. With several tables in one window a key acts on the
// table that has focus and never on another (see tableOfKey).

export type Shortcut = 'fold' | 'checkOrCall' | 'amount' | 'up' | 'down';

const BY_CODE: Record<string, Shortcut> = {
  KeyF: 'fold',
  KeyC: 'checkOrCall',
  KeyR: 'amount',
  ArrowUp: 'up',
  ArrowRight: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'down',
};

/** The shortcut of a key by its physical place, whatever the layout types there. */
export function shortcutOf(e: Pick<KeyboardEvent, 'code'>): Shortcut | null {
  return BY_CODE[e.code] ?? null;
}

/** Anything that has its own keyboard behaviour: Enter/Space/arrows there belong to it, not to a shortcut. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input',
  'textarea',
  'select',
  'summary',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="button"]',
  '[role="link"]',
  '[role="menu"]',
  '[role="menuitem"]',
  '[role="menuitemcheckbox"]',
  '[role="menuitemradio"]',
  '[role="slider"]',
  '[role="spinbutton"]',
  '[role="textbox"]',
  '[role="combobox"]',
  '[role="listbox"]',
  '[role="option"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="tablist"]',
  '[role="tree"]',
  '[role="grid"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
].join(',');

/** A modal (MUI Dialog, temporary Drawer, …) that is shown: closed kept-mounted ones sit under aria-hidden. */
function dialogOpen(doc: Document): boolean {
  for (const el of doc.querySelectorAll('[role="dialog"], [role="alertdialog"], [aria-modal="true"]')) {
    if (!el.closest('[aria-hidden="true"]')) return true;
  }
  return false;
}

const docOf = (el: Element | null) => (el && 'ownerDocument' in el && el.ownerDocument) || (typeof document === 'undefined' ? null : document);

/**
 * Whether a window keydown may be read as a table shortcut. Keys act on the focused control:
 * never when the key comes from a button, field, slider, link, menu or dialog (Enter/Space there
 * activate that control), never with a modifier, while a dialog is open, or once something else
 * has handled the event.
 */
export function isShortcutEvent(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target as Element | null;
  const doc = docOf(el);
  if (!doc) return false;
  if (el && typeof el.closest === 'function' && el !== doc.body && el !== doc.documentElement && el.closest(INTERACTIVE)) return false;
  return !dialogOpen(doc);
}

/** The attribute on a table page's root: its table id. */
export const TABLE_ROOT = 'data-table-root';
/** Set (epoch ms) on a table's root when focus was moved there by the app, not by the player. */
export const FOCUS_MOVED_AT = 'data-focus-moved-at';
/** A key pressed this soon after focus moved to a table by itself is not read there (it was meant for the table before). */
export const FOCUS_GRACE_MS = 500;

/**
 * The table a key is for: the table whose root holds the focused element. With the focus on the
 * page itself (nothing focused), the window's only table, if it shows just one (or 'any' when no
 * table root is in the page, a lone action bar); with several, none. Null: no table.
 */
export function tableOfKey(e: KeyboardEvent, now: number): number | 'any' | null {
  const el = e.target as Element | null;
  const doc = docOf(el);
  if (!doc) return null;
  if (!el || el === doc.body || el === doc.documentElement || typeof el.closest !== 'function') {
    const roots = doc.querySelectorAll(`[${TABLE_ROOT}]`);
    if (roots.length === 0) return 'any';
    return roots.length === 1 ? Number(roots[0].getAttribute(TABLE_ROOT)) : null;
  }
  const root = el.closest(`[${TABLE_ROOT}]`);
  if (!root) return null;
  const movedAt = Number(root.getAttribute(FOCUS_MOVED_AT));
  if (movedAt > 0 && now - movedAt < FOCUS_GRACE_MS) return null;
  return Number(root.getAttribute(TABLE_ROOT));
}

/** Whether a keydown is a shortcut for this table (settings aside). */
export function isShortcutFor(e: KeyboardEvent, tableId: number, now: number): boolean {
  if (!isShortcutEvent(e)) return false;
  const table = tableOfKey(e, now);
  return table === 'any' || table === tableId;
}
