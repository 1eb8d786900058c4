// Content blocks: markdown in English and Mongolian, read by players at /user/block/{name}.
import { sql } from 'drizzle-orm';
import type { Block } from '../../shared/api/user';
import { type Executor, first, iso, pgCode, rows } from '../db/client';
import { conflict, notFound } from '../errors';

type Row = Record<string, unknown>;
const toBlock = (r: Row): Block => ({ name: String(r.name), content: { en: String(r.content_en), mn: String(r.content_mn) }, updatedAt: iso(r.updated_at) });

export class BlockService {
  constructor(private readonly db: Executor) {}

  async get(name: string): Promise<Block | null> {
    const r = await first<Row>(this.db, sql`SELECT * FROM blocks WHERE name = ${name}`);
    return r ? toBlock(r) : null;
  }

  async list(limit: number, offset: number, asc: boolean): Promise<{ items: Block[]; total: number }> {
    const items = await rows<Row>(this.db, sql`SELECT * FROM blocks ORDER BY name ${asc ? sql`ASC` : sql`DESC`} LIMIT ${limit} OFFSET ${offset}`);
    const total = await first<Row>(this.db, sql`SELECT count(*)::bigint AS n FROM blocks`);
    return { items: items.map(toBlock), total: Number(total?.n ?? 0) };
  }

  async create(b: { name: string; content: { en: string; mn: string } }, ex: Executor = this.db): Promise<Block> {
    try {
      const r = await first<Row>(ex, sql`INSERT INTO blocks (name, content_en, content_mn) VALUES (${b.name}, ${b.content.en}, ${b.content.mn}) RETURNING *`);
      return toBlock(r!);
    } catch (e) {
      if (pgCode(e) === '23505') throw conflict(`A block named ${b.name} exists already`);
      throw e;
    }
  }

  async put(name: string, content: { en: string; mn: string }): Promise<Block> {
    const r = await first<Row>(this.db, sql`UPDATE blocks SET content_en = ${content.en}, content_mn = ${content.mn}, updated_at = now() WHERE name = ${name} RETURNING *`);
    if (!r) throw notFound('Block');
    return toBlock(r);
  }

  async delete(name: string): Promise<void> {
    const r = await first(this.db, sql`DELETE FROM blocks WHERE name = ${name} RETURNING name`);
    if (!r) throw notFound('Block');
  }
}
