// Content blocks: markdown in English and Mongolian, read by players at /user/block/{name}.
import { sql } from 'drizzle-orm';
import type { List, ListQuery } from '../../shared/api/common';
import type { Block } from '../../shared/api/user';
import { type Database, type Executor, first, iso, pgCode, rows } from '../db/client';
import type { BlockRow } from '../db/rows';
import { badRequest, conflict, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';

const toBlock = (r: BlockRow): Block => ({ name: r.name, content: { en: r.content_en, mn: r.content_mn }, updatedAt: iso(r.updated_at) });

export class BlockService {
  constructor(private readonly db: Database) {}

  async get(name: string): Promise<Block | null> {
    const r = await first<BlockRow>(this.db, sql`SELECT * FROM blocks WHERE name = ${name}`);
    return r ? toBlock(r) : null;
  }

  /** One page by name (the name is the id; ascending unless told otherwise). */
  async list(q: ListQuery): Promise<List<Block>> {
    if (q.sort && q.sort !== 'name' && q.sort !== 'id') throw badRequest('Blocks sort by name only');
    const dir = q.order === 'DESC' ? sql`DESC` : sql`ASC`;
    const items = await rows<BlockRow>(this.db, sql`SELECT * FROM blocks ORDER BY name ${dir} LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`);
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n FROM blocks`);
    return { items: items.map(toBlock), total: total?.n ?? 0 };
  }

  async create(b: { name: string; content: { en: string; mn: string } }, ex: Executor = this.db, actor?: Actor): Promise<Block> {
    if (actor && ex === this.db)
      return this.db.transaction(async (tx) => {
        const created = await this.create(b, tx);
        await audit(tx, actor, { action: 'block.create', objectType: 'block', objectId: b.name, after: created.content });
        return created;
      });
    try {
      const r = await first<BlockRow>(
        ex,
        sql`INSERT INTO blocks (name, content_en, content_mn) VALUES (${b.name}, ${b.content.en}, ${b.content.mn}) RETURNING *`,
      );
      return toBlock(r!);
    } catch (e) {
      if (pgCode(e) === '23505') throw conflict(`A block named ${b.name} exists already`);
      throw e;
    }
  }

  async put(name: string, content: { en: string; mn: string }, actor?: Actor): Promise<Block> {
    return this.db.transaction(async (tx) => {
      const before = await first<BlockRow>(tx, sql`SELECT * FROM blocks WHERE name = ${name} FOR UPDATE`);
      if (!before) throw notFound('Block');
      const r = await first<BlockRow>(
        tx,
        sql`UPDATE blocks SET content_en = ${content.en}, content_mn = ${content.mn}, updated_at = now() WHERE name = ${name} RETURNING *`,
      );
      if (actor) await audit(tx, actor, { action: 'block.update', objectType: 'block', objectId: name, before: toBlock(before).content, after: content });
      return toBlock(r!);
    });
  }

  async delete(name: string, actor?: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const r = await first<BlockRow>(tx, sql`DELETE FROM blocks WHERE name = ${name} RETURNING *`);
      if (!r) throw notFound('Block');
      if (actor) await audit(tx, actor, { action: 'block.delete', objectType: 'block', objectId: name, before: toBlock(r).content, after: null });
    });
  }
}
