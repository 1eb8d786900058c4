// The lobby reads a game's betting structure off its code (no engine in its first chunk): the
// same as the engine's table of games says, for every game.
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/poker/engine/games';
import { VARIANTS, bettingLimitOf } from '../../src/shared/api/game-lists';

describe('game lists', () => {
  it('every game code gives the engine own betting structure', () => {
    for (const code of VARIANTS) expect(bettingLimitOf(code)).toBe(GAMES[code].structure);
    expect(Object.keys(GAMES).sort()).toEqual([...VARIANTS].sort());
  });
});
