// Private notes and colour tags a player keeps on opponents (issue 33, docs/player.md): each is
// its author's alone; nobody else reads it, staff included (it is not a support note).
import { sql } from 'drizzle-orm';
import type { PlayerNote, PutNoteBody } from '../../shared/api/regulars';
import { type Database, type Executor, first, iso, rows } from '../db/client';
import type { PlayerNoteRow } from '../db/rows';
import { badRequest, conflict, notFound } from '../core/errors';

/**
 * A closed account's notes go with it: those it wrote, and those others kept on it (about a person
 * who has left; the name they showed is gone too).
 */
export async function forgetNotesOf(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM player_notes WHERE owner_id = ${userId} OR target_id = ${userId}`);
}

/** More than any regular keeps; bounds the one-call list the app holds. */
export const MAX_NOTES = 5000;

type NoteWithName = PlayerNoteRow & { username: string };
const toNote = (r: NoteWithName): PlayerNote => ({ userId: r.target_id, username: r.username, tag: r.tag, note: r.note, updatedAt: iso(r.updated_at) });

export class NoteService {
  constructor(private readonly db: Database) {}

  /** Every note of the owner, most recently changed first. */
  async list(ownerId: number): Promise<PlayerNote[]> {
    const list = await rows<NoteWithName>(
      this.db,
      sql`SELECT n.*, u.username FROM player_notes n JOIN users u ON u.id = n.target_id
        WHERE n.owner_id = ${ownerId} ORDER BY n.updated_at DESC, n.target_id`,
    );
    return list.map(toNote);
  }

  /** Sets the owner's note and tag on a player (an existing, not deleted user other than the owner). */
  async put(ownerId: number, targetId: number, body: PutNoteBody): Promise<PlayerNote> {
    if (ownerId === targetId) throw badRequest('A note is about another player', 'INVALID_INPUT', [{ path: 'userId', message: 'Not yourself' }]);
    return this.db.transaction(async (tx) => {
      const target = await first<{ username: string }>(tx, sql`SELECT username FROM users WHERE id = ${targetId} AND deleted_at IS NULL`);
      if (!target) throw notFound('Player');
      // The owner's row serialises concurrent first notes so the cap holds.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${ownerId} FOR NO KEY UPDATE`);
      const count = await first<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM player_notes WHERE owner_id = ${ownerId} AND target_id <> ${targetId}`);
      if (Number(count?.n ?? 0) >= MAX_NOTES) throw conflict(`At most ${MAX_NOTES} notes; delete some first`, 'TOO_MANY_NOTES');
      const r = await first<PlayerNoteRow>(
        tx,
        sql`INSERT INTO player_notes (owner_id, target_id, tag, note) VALUES (${ownerId}, ${targetId}, ${body.tag}, ${body.note})
          ON CONFLICT (owner_id, target_id) DO UPDATE SET tag = EXCLUDED.tag, note = EXCLUDED.note, updated_at = now() RETURNING *`,
      );
      return toNote({ ...r!, username: target.username });
    });
  }

  /** Removes the owner's note on a player (done already when there was none: the app may retry). */
  async remove(ownerId: number, targetId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM player_notes WHERE owner_id = ${ownerId} AND target_id = ${targetId}`);
  }
}
