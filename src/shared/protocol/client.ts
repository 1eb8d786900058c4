// Messages a client may send. Every frame is parsed with `parseClientMessage`; nothing else reaches the server's logic.
import { z } from 'zod';
import { invalidTextIssue } from '../api/text';

const id = z.number().int().positive().max(2_147_483_647);
const chips = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const requestId = z.string().min(1).max(64);

export const authMessage = z
  .object({
    type: z.literal('AUTH'),
    token: z.string().min(1).max(4096),
    requestId: requestId.optional(),
  })
  .strict();

export const chatSendMessage = z
  .object({
    type: z.literal('CHAT_MESSAGE'),
    requestId: requestId.optional(),
    data: z
      .object({
        text: z
          .string()
          .transform((s) => s.trim())
          .pipe(z.string().min(1).max(300)),
        tableId: id.optional(),
      })
      .strict(),
  })
  .strict();

const game = <A extends string, S extends z.ZodRawShape>(action: A, extra: S) =>
  z.object({ type: z.literal('GAME'), action: z.literal(action), tableId: id, requestId, ...extra }).strict();

export const gameMessage = z.discriminatedUnion('action', [
  // autoMuck (optional): the viewer's setting; losing hands are not shown at showdown.
  game('SUBSCRIBE', { autoMuck: z.boolean().optional() }),
  game('UNSUBSCRIBE', {}),
  game('SIT', { seat: z.number().int().min(0).max(8), buyIn: chips }),
  game('ADD_CHIPS', { amount: chips }),
  game('FOLD', {}),
  game('CHECK', {}),
  game('CALL', {}),
  game('BET', { amount: chips }),
  game('RAISE', { amount: chips }),
  // Run it twice: the number of run-outs the player agrees to (1 declines).
  game('RUN_IT', { count: z.union([z.literal(1), z.literal(2)]) }),
  // Straddle when the table's straddle seat comes round (tables with a straddle).
  game('STRADDLE', { on: z.boolean() }),
  game('SIT_OUT', {}),
  // postBlind: pay the missed big blind now instead of waiting for it to come round.
  game('SIT_IN', { postBlind: z.boolean().optional() }),
  game('LEAVE', {}),
  // Fast-fold pools: fold when the action reaches the seat (at once on the player's turn), then be dealt elsewhere.
  game('FAST_FOLD', {}),
  // A seated player's 32 random bytes for the next hand's shuffle (answers the table's nextSeedHash).
  game('ENTROPY', { entropy: z.string().regex(/^[0-9a-fA-F]{64}$/, '32 bytes as 64 hex digits') }),
]);

export const clientMessage = z.union([authMessage, chatSendMessage, gameMessage]);

export type AuthMessage = z.infer<typeof authMessage>;
export type ChatSendMessage = z.infer<typeof chatSendMessage>;
export type GameMessage = z.infer<typeof gameMessage>;
export type GameAction = GameMessage['action'];
export type ClientMessage = z.infer<typeof clientMessage>;

export type ParsedClientMessage = { ok: true; message: ClientMessage } | { ok: false; code: 'BAD_JSON' | 'BAD_MESSAGE'; message: string; requestId?: string };

/** Parses one text frame. Never throws: a bad frame is a value the socket answers with ERROR. */
export function parseClientMessage(raw: string): ParsedClientMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'BAD_JSON', message: 'Frame is not valid JSON' };
  }
  const rid =
    typeof json === 'object' && json !== null && typeof (json as { requestId?: unknown }).requestId === 'string'
      ? (json as { requestId: string }).requestId.slice(0, 64)
      : undefined;
  // Text the database cannot hold (NUL), anywhere in the frame: the same rule as every HTTP route.
  const invalid = invalidTextIssue(json);
  if (invalid) return { ok: false, code: 'BAD_MESSAGE', message: `${invalid.path ? `${invalid.path}: ` : ''}${invalid.message}`, requestId: rid };
  const parsed = clientMessage.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const first = parsed.error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return { ok: false, code: 'BAD_MESSAGE', message: `${where}${first?.message ?? 'invalid message'}`, requestId: rid };
}
