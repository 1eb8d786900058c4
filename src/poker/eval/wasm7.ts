// The validating 7-card evaluation as one small WebAssembly function (evaluateHoldem's 7-card
// path, holdem.ts). It is built on the first 7-card call, not at import, and only in Node: a
// browser page whose CSP lacks 'wasm-unsafe-eval' (ours) would refuse it, and holdem.ts's JS
// function does the same work there (docs/engine.md, "Validating entry points").
//
// Why WebAssembly: the work is the JS path's (per card one table entry, summed; "seven distinct
// cards" read off the sum; then the rank tables), but WebAssembly has 64-bit integers, a popcount
// instruction, 128-bit loads and adds, and memory loads without the bounds and "buffer detached?"
// tests that every typed-array read pays in this process. V8 inlines the JS-to-WebAssembly
// wrapper into the caller; the call still costs about 2 ns, the body about 3.5.
//
// The function, as WAT (params $a..$g: i32; result i32, 0 for "not seven distinct cards 0..51"):
//   block
//     (br_if 0 (i32.ge_u (i32.or $a .. $g) (i32.const 64)))    ;; every card entry in the table
//     $acc = sum over the 7 cards of (v128.load (i32.shl $c 4)) ;; i64x2.add, as a tree
//     $set = (i64x2.extract_lane 0 $acc)  $ks = (i64x2.extract_lane 1 $acc)
//     (br_if 0 (i64.ne (i64.popcnt $set) (i64.const 7)))        ;; seven distinct cards below 52
//     $flags = (i32.and (i32.add (i32.wrap $ks) 0x33330000) 0x88880000)
//     (if $flags (return FLUSH[(i32.wrap (i64.shr_u $set 13 * suit)) & 0x1fff]))  ;; suit from ctz
//     (return NF7[LOW7[$ks & 0xffff] + HIGH[$ks >> 32]])          ;; u16 tables, byte offsets
//   end
//   (i32.const 0)
// Card entry (16 bytes, card c at c * 16; 52..63 all zero), as four 32-bit words:
//   0, 1: 2^(13 * suit + rank), the card set (64 bits). Summed, seven distinct cards give seven
//         bits; a repeated card carries, so fewer (seven cards sum to less than 2^54), and a
//         card 52..63 adds nothing.
//   2:    twice the card's low-half rank key (ranks 2..7; tables.ts RANK_KEYS), plus a 1 in the
//         card's suit nibble of bits 16..31. Seven cards: key below 2^15, nibbles at most 7, so
//         no carry between them or into word 3. With 3 added per nibble, a suit of five or more
//         cards sets the nibble's top bit.
//   3:    twice the card's high-half rank key (ranks 8..A).
// Twice the keys: the halves are then byte offsets into the u16 tables. The rank tables are
// read only for seven distinct cards, whose offsets are in range; the other offsets are masked.
// So no load can leave the memory.

import { LOW_BITS, LOW_MASK, RANK_KEYS, type EvalTables } from './tables';

export type Strength7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;

// Memory layout (byte offsets).
const CARDS = 0; // 64 entries of 16 bytes
const LOW = 1024; // u16 x 10552
const HIGH = LOW + 32768; // u16 x 43718
const NF7 = HIGH + 131072; // u16 x 49205
const FLUSH = NF7 + 98432; // u16 x 8192
const END = FLUSH + 16384;
const PAGES = Math.ceil(END / 65536);

// --- A minimal encoder for the one function above ---
const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
};
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];

const I32 = 0x7f;
const I64 = 0x7e;
const V128 = 0x7b;
const get = (i: number): number[] => [0x20, i];
const set = (i: number): number[] => [0x21, i];
const tee = (i: number): number[] => [0x22, i];
const i32 = (n: number): number[] => [0x41, ...sleb(n)];
const i64 = (n: number): number[] => [0x42, ...sleb(n)];
const op = {
  i32and: 0x71,
  i32or: 0x72,
  i32add: 0x6a,
  i32sub: 0x6b,
  i32mul: 0x6c,
  i32shl: 0x74,
  i32shrU: 0x76,
  i32geU: 0x4f,
  i32ctz: 0x68,
  i64ne: 0x52,
  i64popcnt: 0x7b,
  i64shrU: 0x88,
  wrap: 0xa7,
  extendU: 0xad,
  brIf0: [0x0d, 0],
  ret: 0x0f,
  end: 0x0b,
};
const load16 = (offset: number): number[] => [0x2f, 1, ...uleb(offset)];
const v128load = (offset: number): number[] => [0xfd, 0x00, 4, ...uleb(offset)];
const i64x2add = [0xfd, 0xce, 0x01];
const extractLane = (lane: number): number[] => [0xfd, 0x1d, lane];

/** The module's bytes: one export "eval7" (the function above) and its memory "mem". */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const [SET, KS, ACC, FLAGS] = [7, 8, 9, 10];
  const cardEntry = (p: number): number[] => [...get(p), ...v128load(CARDS)];
  const body = [
    0x02, 0x40, // block
    // Range: (a | b | ... | g) < 64, so that every card address below stays in the card table.
    ...get(0), ...get(1), op.i32or, ...get(2), ...get(3), op.i32or, op.i32or, ...get(4), ...get(5), op.i32or, ...get(6), op.i32or, op.i32or,
    ...i32(64), op.i32geU, ...op.brIf0,
    // Each card's byte offset (c * 16), in place.
    ...[0, 1, 2, 3, 4, 5, 6].flatMap((p) => [...get(p), ...i32(4), op.i32shl, ...set(p)]),
    // The seven entries summed as a tree (both lanes at once).
    ...cardEntry(0), ...cardEntry(1), ...i64x2add, ...cardEntry(2), ...cardEntry(3), ...i64x2add, ...i64x2add,
    ...cardEntry(4), ...cardEntry(5), ...i64x2add, ...cardEntry(6), ...i64x2add, ...i64x2add,
    ...tee(ACC), ...extractLane(0), ...set(SET), ...get(ACC), ...extractLane(1), ...set(KS),
    // Seven distinct cards below 52: seven bits in the set.
    ...get(SET), op.i64popcnt, ...i64(7), op.i64ne, ...op.brIf0,
    // A suit with five or more cards: the best flush in it (it beats anything the ranks make).
    ...get(KS), op.wrap, ...i32(0x33330000), op.i32add, ...i32(0x88880000 | 0), op.i32and, ...tee(FLAGS),
    0x04, 0x40, // if
    // The suit: the flag of suit s is bit 19 + 4s.
    ...get(SET), ...get(FLAGS), op.i32ctz, ...i32(16), op.i32sub, ...i32(2), op.i32shrU, ...i32(13), op.i32mul, op.extendU, op.i64shrU, op.wrap,
    ...i32(0x1fff), op.i32and, ...i32(1), op.i32shl, ...load16(FLUSH), op.ret,
    op.end,
    // No flush: the rank key's halves (words 2 and 3) index the rank tables (tables.ts).
    ...get(KS), op.wrap, ...i32(0xffff), op.i32and, ...load16(LOW),
    ...get(KS), ...i64(32), op.i64shrU, op.wrap, ...load16(HIGH),
    op.i32add, ...i32(1), op.i32shl, ...load16(NF7), op.ret,
    op.end, // block: not seven distinct cards
    ...i32(0),
    op.end,
  ]; // prettier-ignore
  const locals = vec([
    [2, I64],
    [1, V128],
    [1, I32],
  ]);
  const func = [...locals, ...body];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec(Array.from({ length: 7 }, () => [I32])), ...vec([[I32]])]])), // type (i32 x 7) -> i32
    ...section(3, vec([[0]])), // function 0 has type 0
    ...section(5, vec([[0x00, ...uleb(PAGES)]])), // memory, PAGES pages
    ...section(
      7,
      vec([
        [...name('eval7'), 0x00, 0],
        [...name('mem'), 0x02, 0],
      ]),
    ), // exports
    ...section(10, vec([[...uleb(func.length), ...func]])), // code
  ]);
}

/** Writes the card entries and the rank and flush tables into the module's memory (little-endian). */
function fill(memory: ArrayBuffer, tables: EvalTables): void {
  const view = new DataView(memory);
  for (let c = 0; c < 52; c++) {
    const suit = c & 3;
    const rank = c >> 2;
    const bit = 13 * suit + rank;
    const at = CARDS + 16 * c;
    view.setUint32(at, bit < 32 ? 2 ** bit : 0, true);
    view.setUint32(at + 4, bit < 32 ? 0 : 2 ** (bit - 32), true);
    const key = RANK_KEYS[rank]; // low half + high half * 2^LOW_BITS (tables.ts)
    view.setUint32(at + 8, 2 * (key & LOW_MASK) + 2 ** (16 + 4 * suit), true);
    view.setUint32(at + 12, 2 * Math.floor(key / 2 ** LOW_BITS), true);
  }
  const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
  const put = (at: number, values: Uint16Array): void => {
    if (littleEndian) new Uint16Array(memory, at, values.length).set(values);
    else for (let i = 0; i < values.length; i++) view.setUint16(at + 2 * i, values[i], true);
  };
  put(LOW, tables.noflush7.lowBase);
  put(HIGH, tables.highIndex);
  put(NF7, tables.noflush7.values);
  put(FLUSH, tables.flush);
}

/**
 * The WebAssembly 7-card function, or null outside Node or where WebAssembly is missing or
 * refused (then the caller keeps its JS path). Synchronous: the module is under 1 KB (the tables are written into
 * its memory afterwards), within what browsers compile on the main thread.
 */
export function buildStrength7(tables: EvalTables): Strength7 | null {
  // Only tried in Node: in a browser, a page whose CSP refuses WebAssembly (ours) would also
  // report a violation for the attempt, and the JS path is what a page needs anyway.
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (typeof WebAssembly !== 'object' || !node) return null;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), {});
    fill((instance.exports.mem as WebAssembly.Memory).buffer, tables);
    return instance.exports.eval7 as Strength7;
  } catch {
    return null;
  }
}
