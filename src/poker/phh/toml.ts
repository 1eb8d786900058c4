// A small TOML reader for hand histories. src/poker takes no package dependencies, and amounts
// must never pass through binary floats: numbers with a fraction come back as their exact text
// (TomlDecimal), so 434.05 can become 43405 hundredths exactly.
// Supported: comments, bare/quoted/dotted keys, [tables], basic and literal strings (also
// multi-line), integers, decimals, booleans, arrays, inline tables and local times (PHH's `time`,
// kept as their text, TomlTime). Dates are refused.

export class TomlDecimal {
  constructor(readonly text: string) {}
}

/** A TOML local time (`time = 20:12:07`), as its text. */
export class TomlTime {
  constructor(readonly text: string) {}
}

export type TomlValue = string | number | boolean | TomlDecimal | TomlTime | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export class TomlError extends Error {}

export function parseToml(src: string): TomlTable {
  return new Reader(src).document();
}

class Reader {
  private i = 0;
  private line = 1;
  constructor(private readonly s: string) {}

  private fail(msg: string): never {
    throw new TomlError(`TOML line ${this.line}: ${msg}`);
  }

  private peek(k = 0): string {
    return this.s[this.i + k] ?? '';
  }

  private next(): string {
    const c = this.s[this.i++] ?? '';
    if (c === '\n') this.line++;
    return c;
  }

  private skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.i++;
  }

  private skipComment(): void {
    if (this.peek() === '#') while (this.i < this.s.length && this.peek() !== '\n') this.i++;
  }

  /** Spaces, comments and newlines (inside arrays). */
  private skipBlank(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (this.peek() === '\n' || this.peek() === '\r') this.next();
      else return;
    }
  }

  private endOfLine(): void {
    this.skipSpaces();
    this.skipComment();
    if (this.peek() === '\r') this.i++;
    if (this.i >= this.s.length) return;
    if (this.peek() !== '\n') this.fail(`unexpected "${this.peek()}"`);
    this.next();
  }

  document(): TomlTable {
    const root: TomlTable = {};
    let table = root;
    while (this.i < this.s.length) {
      this.skipBlank();
      if (this.i >= this.s.length) break;
      if (this.peek() === '[') {
        const arrayTable = this.peek(1) === '[';
        this.i += arrayTable ? 2 : 1;
        this.skipSpaces();
        const path = this.keyPath();
        if (this.next() !== ']' || (arrayTable && this.next() !== ']')) this.fail('bad table header');
        table = this.openTable(root, path, arrayTable);
        this.endOfLine();
        continue;
      }
      this.keyValue(table);
      this.endOfLine();
    }
    return root;
  }

  private openTable(root: TomlTable, path: string[], arrayTable: boolean): TomlTable {
    let t = root;
    for (let k = 0; k < path.length; k++) {
      const key = path[k];
      const last = k === path.length - 1;
      if (last && arrayTable) {
        const arr = (t[key] ??= []) as TomlValue[];
        if (!Array.isArray(arr)) this.fail(`${key} is not an array of tables`);
        const fresh: TomlTable = {};
        arr.push(fresh);
        return fresh;
      }
      let v = t[key];
      if (v === undefined) t[key] = v = {};
      if (Array.isArray(v)) v = v[v.length - 1];
      if (typeof v !== 'object' || v instanceof TomlDecimal || v instanceof TomlTime || Array.isArray(v)) this.fail(`${key} is not a table`);
      t = v as TomlTable;
    }
    return t;
  }

  private keyValue(table: TomlTable): void {
    const path = this.keyPath();
    if (this.next() !== '=') this.fail('expected "="');
    this.skipSpaces();
    const value = this.value();
    let t = table;
    for (let k = 0; k < path.length - 1; k++) {
      const v = (t[path[k]] ??= {});
      if (typeof v !== 'object' || Array.isArray(v) || v instanceof TomlDecimal || v instanceof TomlTime) this.fail(`${path[k]} is not a table`);
      t = v as TomlTable;
    }
    const key = path[path.length - 1];
    if (Object.prototype.hasOwnProperty.call(t, key)) this.fail(`duplicate key ${key}`);
    t[key] = value;
  }

  private keyPath(): string[] {
    const out: string[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.peek();
      if (c === '"') out.push(this.basicString());
      else if (c === "'") out.push(this.literalString());
      else {
        const start = this.i;
        while (/[A-Za-z0-9_-]/.test(this.peek())) this.i++;
        if (start === this.i) this.fail('expected a key');
        out.push(this.s.slice(start, this.i));
      }
      this.skipSpaces();
      if (this.peek() === '.') this.i++;
      else return out;
    }
  }

  private value(): TomlValue {
    const c = this.peek();
    if (c === '"') return this.peek(1) === '"' && this.peek(2) === '"' ? this.multiBasic() : this.basicString();
    if (c === "'") return this.peek(1) === "'" && this.peek(2) === "'" ? this.multiLiteral() : this.literalString();
    if (c === '[') return this.array();
    if (c === '{') return this.inlineTable();
    if (this.s.startsWith('true', this.i)) {
      this.i += 4;
      return true;
    }
    if (this.s.startsWith('false', this.i)) {
      this.i += 5;
      return false;
    }
    return this.number();
  }

  private number(): number | TomlDecimal | TomlTime {
    const start = this.i;
    while (/[0-9A-Za-z_+\-.:]/.test(this.peek())) this.i++;
    const raw = this.s.slice(start, this.i);
    if (raw === '') this.fail('expected a value');
    if (/^[+-]?(0|[1-9](_?[0-9])*)$/.test(raw)) {
      const v = Number(raw.replace(/_/g, ''));
      if (!Number.isSafeInteger(v)) this.fail(`integer out of range: ${raw}`);
      return v;
    }
    if (/^0x[0-9A-Fa-f](_?[0-9A-Fa-f])*$/.test(raw)) return Number.parseInt(raw.slice(2).replace(/_/g, ''), 16);
    if (/^0o[0-7](_?[0-7])*$/.test(raw)) return Number.parseInt(raw.slice(2).replace(/_/g, ''), 8);
    if (/^0b[01](_?[01])*$/.test(raw)) return Number.parseInt(raw.slice(2).replace(/_/g, ''), 2);
    if (/^[+-]?(0|[1-9](_?[0-9])*)\.[0-9](_?[0-9])*$/.test(raw)) return new TomlDecimal(raw.replace(/_/g, ''));
    if (/^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?$/.test(raw)) return new TomlTime(raw);
    this.fail(`unsupported value: ${raw}`);
  }

  private escape(): string {
    const c = this.next();
    switch (c) {
      case 'b':
        return '\b';
      case 't':
        return '\t';
      case 'n':
        return '\n';
      case 'f':
        return '\f';
      case 'r':
        return '\r';
      case 'e':
        return '\x1b';
      case '"':
        return '"';
      case '\\':
        return '\\';
      case 'u':
      case 'U': {
        const len = c === 'u' ? 4 : 8;
        const hex = this.s.slice(this.i, this.i + len);
        if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== len) this.fail('bad unicode escape');
        this.i += len;
        return String.fromCodePoint(Number.parseInt(hex, 16));
      }
      default:
        this.fail(`bad escape \\${c}`);
    }
  }

  private basicString(): string {
    this.i++;
    let out = '';
    for (;;) {
      const c = this.next();
      if (c === '') this.fail('unterminated string');
      if (c === '\n') this.fail('newline in string');
      if (c === '"') return out;
      out += c === '\\' ? this.escape() : c;
    }
  }

  private literalString(): string {
    this.i++;
    const end = this.s.indexOf("'", this.i);
    const nl = this.s.indexOf('\n', this.i);
    if (end < 0 || (nl >= 0 && nl < end)) this.fail('unterminated string');
    const out = this.s.slice(this.i, end);
    this.i = end + 1;
    return out;
  }

  private multiBasic(): string {
    this.i += 3;
    if (this.peek() === '\r') this.i++;
    if (this.peek() === '\n') this.next();
    let out = '';
    for (;;) {
      if (this.s.startsWith('"""', this.i)) {
        this.i += 3;
        return out;
      }
      const c = this.next();
      if (c === '') this.fail('unterminated string');
      if (c === '\\') {
        if (/[ \t\r\n]/.test(this.peek())) {
          while (/[ \t\r\n]/.test(this.peek())) this.next();
        } else out += this.escape();
      } else out += c;
    }
  }

  private multiLiteral(): string {
    this.i += 3;
    if (this.peek() === '\r') this.i++;
    if (this.peek() === '\n') this.next();
    const end = this.s.indexOf("'''", this.i);
    if (end < 0) this.fail('unterminated string');
    const out = this.s.slice(this.i, end);
    for (const ch of out) if (ch === '\n') this.line++;
    this.i = end + 3;
    return out;
  }

  private array(): TomlValue[] {
    this.i++;
    const out: TomlValue[] = [];
    for (;;) {
      this.skipBlank();
      if (this.peek() === ']') {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.skipBlank();
      if (this.peek() === ',') this.i++;
      else if (this.peek() !== ']') this.fail('expected "," or "]" in array');
    }
  }

  private inlineTable(): TomlTable {
    this.i++;
    const t: TomlTable = {};
    this.skipSpaces();
    if (this.peek() === '}') {
      this.i++;
      return t;
    }
    for (;;) {
      this.keyValue(t);
      this.skipSpaces();
      const c = this.next();
      if (c === '}') return t;
      if (c !== ',') this.fail('expected "," or "}" in inline table');
      this.skipSpaces();
    }
  }
}
