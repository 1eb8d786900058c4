// Text every input must respect, checked once for the whole contract: the server runs it on the
// params, query and body of every route (routes/define.ts) and parseClientMessage on every socket
// frame, so no single field schema has to remember it.
//
// PostgreSQL text cannot hold U+0000, nor text that is not valid Unicode: an unpaired UTF-16
// surrogate (JSON's "\udfff" escape, alone) cannot be written as UTF-8. Either reached a query and
// failed in the database (HTTP 500 and an error log). Neither belongs in a name, note or search, so
// both are refused up front.

export const INVALID_TEXT_MESSAGE = 'Text must be valid Unicode, without the NUL character (U+0000) or unpaired UTF-16 surrogates';

// NUL is what this looks for: the rule against control characters in patterns does not apply.
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/**
 * Whether a string is text PostgreSQL can store: no NUL, every high surrogate followed by a low
 * one and no low one alone (String#isWellFormed, which older phone browsers lack).
 */
export function isValidText(s: string): boolean {
  if (!SUSPECT.test(s)) return true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0 || (c >= 0xdc00 && c <= 0xdfff)) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/**
 * The path of the first string (value or object key) that is not valid text (a NUL, an unpaired
 * surrogate), or null when there is none.
 * Walks plain JSON values (objects, arrays, strings) without recursion and without copying paths
 * (each node points to its parent), so a deeply nested 256 KiB body costs linear time and cannot
 * overflow the stack.
 */
export function findInvalidText(value: unknown): (string | number)[] | null {
  type Node = { v: unknown; key: string | number | null; parent: Node | null };
  const pathOf = (n: Node | null, last?: string): (string | number)[] => {
    const out: (string | number)[] = last === undefined ? [] : [last];
    for (let at = n; at && at.key !== null; at = at.parent) out.unshift(at.key);
    return out;
  };
  const stack: Node[] = [{ v: value, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === 'string') {
      if (!isValidText(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: node });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        if (!isValidText(k)) return pathOf(node, k);
        stack.push({ v: (v as Record<string, unknown>)[k], key: k, parent: node });
      }
    }
  }
  return null;
}

/** One refused field: its dotted path (with the `where` prefix, e.g. `body.note`) and the message. */
export function invalidTextIssue(value: unknown, where?: string): { path: string; message: string } | null {
  const path = findInvalidText(value);
  if (!path) return null;
  return { path: [where, ...path.map(String)].filter((p) => p !== undefined && p !== '').join('.'), message: INVALID_TEXT_MESSAGE };
}
