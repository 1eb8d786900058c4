// First start: default settings, demo tables, a sit & go and a scheduled tournament (so a new
// room's Tournament tab is not empty), and the 'info' and 'bank-details' content blocks.
// Runs once: the settings row is inserted in the same transaction and marks the seed as done.
import { sql } from 'drizzle-orm';
import type { CreateTableBody } from '../shared/api/admin';
import { type Database, first } from './db/client';
import { DEFAULT_SETTINGS } from './core/settings';
import { DEFAULT_PAYOUT_TABLE, REGULAR_MTT, TURBO_SNG } from '../poker/tournament';
import { insertTable } from './tables/records';
import { insertTournament } from './tournaments/records';

/** The next 20:00 in Ulaanbaatar (UTC+8, no daylight saving) at least `leadHours` from `now`. */
export function nextEvening(now: Date, leadHours = 2): string {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12, 0, 0));
  while (at.getTime() - now.getTime() < leadHours * 3_600_000) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

/** A turbo sit & go (starts when its six seats are taken) and the evening's scheduled tournament. */
export const DEMO_TOURNAMENTS = (now: Date) =>
  [
    {
      name: 'Turbo Sit & Go 6-max',
      kind: 'sng',
      buyIn: 10_000,
      fee: 1_000,
      startingStack: TURBO_SNG.startingStack,
      tableSize: 6,
      minEntrants: 6,
      maxEntrants: 6,
      startsAt: null,
      lateRegLevels: 0,
      levels: TURBO_SNG.levels,
    },
    {
      name: "Evening Hold'em",
      kind: 'mtt',
      buyIn: 20_000,
      fee: 2_000,
      startingStack: REGULAR_MTT.startingStack,
      tableSize: 9,
      minEntrants: 4,
      maxEntrants: 500,
      startsAt: nextEvening(now),
      lateRegLevels: 4,
      levels: REGULAR_MTT.levels,
    },
  ] as const;

export const DEMO_TABLES: CreateTableBody[] = [
  { name: 'Ulaanbaatar', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 9 },
  { name: 'Terelj', variant: 'PO', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 },
  { name: 'Kharkhorin', variant: 'NT', smallBlind: 200, bigBlind: 400, minBuyIn: 8_000, maxBuyIn: 40_000, maxPlayers: 6 },
  { name: 'Gobi', variant: 'PO', smallBlind: 200, bigBlind: 400, minBuyIn: 8_000, maxBuyIn: 40_000, maxPlayers: 6 },
  { name: 'Khuvsgul', variant: 'NT', smallBlind: 1_000, bigBlind: 2_000, minBuyIn: 40_000, maxBuyIn: 200_000, maxPlayers: 6 },
  { name: 'Altai', variant: 'PO', smallBlind: 1_000, bigBlind: 2_000, minBuyIn: 40_000, maxBuyIn: 200_000, maxPlayers: 6 },
  { name: 'Khentii heads-up', variant: 'NT', smallBlind: 200, bigBlind: 400, minBuyIn: 8_000, maxBuyIn: 40_000, maxPlayers: 2 },
  // Issue 29: the other games, each with an option or two (docs/table.md, "Games and options").
  { name: 'Orkhon PLO5', variant: 'PO5', smallBlind: 100, bigBlind: 200, minBuyIn: 4_000, maxBuyIn: 20_000, maxPlayers: 6, runItTwice: true },
  { name: 'Selenge PLO6', variant: 'PO6', smallBlind: 100, bigBlind: 200, minBuyIn: 4_000, maxBuyIn: 20_000, maxPlayers: 6, bombPotEvery: 10 },
  { name: 'Tuul hi-lo', variant: 'PO/8', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 },
  { name: 'Kherlen limit hi-lo', variant: 'FO/8', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 },
  { name: 'Zavkhan short deck', variant: 'NS', smallBlind: 100, bigBlind: 200, minBuyIn: 4_000, maxBuyIn: 20_000, maxPlayers: 6, ante: 100 },
  { name: 'Darkhan limit', variant: 'FT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 9 },
  {
    name: 'Erdenet straddle',
    variant: 'NT',
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 4_000,
    maxBuyIn: 20_000,
    maxPlayers: 9,
    straddle: 'utg',
    runItTwice: true,
  },
];

export const INFO_BLOCK = {
  en: `# Welcome to Mongol Poker

Play no-limit Texas Hold'em and pot-limit Omaha cash games with players from all over Mongolia.
All amounts are in tugrik (₮); one chip is one tugrik.

## How it works

- **Deposit:** transfer money to our bank account and write your personal deposit code in the
  transfer description. Support credits your balance as soon as the transfer arrives.
- **Play:** choose a table in the lobby and buy in between the table's minimum and maximum.
- **Withdraw:** ask for a withdrawal in your wallet. After support approves it, the money is sent
  to the bank account you registered with.

Rake: 5% of every pot that sees a flop, capped per table. Part of the rake feeds the bad-beat jackpot.

Play responsibly. You must be 18 or older to play.`,
  mn: `# Mongol Poker-т тавтай морилно уу

Монгол орны өнцөг булан бүрээс ирсэн тоглогчидтой хязгааргүй Техас холдем, тогооны хязгаартай
Омаха бэлэн мөнгөний ширээнд тоглоорой. Бүх дүн төгрөгөөр (₮) тооцогдоно; нэг чип нэг төгрөг.

## Хэрхэн ажилладаг вэ

- **Цэнэглэх:** манай дансанд мөнгөө шилжүүлэхдээ гүйлгээний утга дээр өөрийн хувийн цэнэглэлтийн
  кодыг бичнэ үү. Шилжүүлэг орж ирмэгц ажилтан таны үлдэгдлийг цэнэглэнэ.
- **Тоглох:** лоббигоос ширээ сонгоод, тухайн ширээний доод болон дээд дүнгийн хооронд чип авч сууна.
- **Мөнгө татах:** хэтэвчнээсээ мөнгө татах хүсэлт илгээнэ үү. Ажилтан баталгаажуулсны дараа
  бүртгүүлсэн дансанд тань шилжүүлнэ.

Шимтгэл: флоп нээгдсэн тогоо бүрээс 5%, ширээ бүрт дээд хязгаартай. Шимтгэлийн нэг хэсэг
bad beat жекпотод хуримтлагдана.

Хариуцлагатай тоглоорой. Зөвхөн 18 ба түүнээс дээш насны хүн тоглох эрхтэй.`,
};

export const BANK_DETAILS_BLOCK = {
  en: `## Deposit by bank transfer

| | |
|---|---|
| Bank | Khan Bank |
| Account number | 5012345678 |
| Account name | Mongol Poker LLC |

Write **your personal deposit code** (shown on this page) in the transfer description, otherwise
we cannot tell whose money it is. Support credits deposits every day from 09:00 to 24:00
Ulaanbaatar time, usually within 30 minutes.`,
  mn: `## Банкны шилжүүлгээр цэнэглэх

| | |
|---|---|
| Банк | Хаан банк |
| Дансны дугаар | 5012345678 |
| Хүлээн авагч | Монгол Покер ХХК |

Гүйлгээний утга дээр **өөрийн хувийн цэнэглэлтийн кодыг** (энэ хуудсанд харагдана) заавал бичнэ
үү. Код бичээгүй бол хэний шилжүүлэг болохыг тодорхойлох боломжгүй. Ажилтан өдөр бүр
Улаанбаатарын цагаар 09:00–24:00 цагийн хооронд ихэвчлэн 30 минутын дотор цэнэглэнэ.`,
};

export async function seedOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await first(
      tx,
      sql`INSERT INTO settings (id, value) VALUES (1, ${JSON.stringify(DEFAULT_SETTINGS)}::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    if (!inserted) return false;
    const s = DEFAULT_SETTINGS;
    for (const t of DEMO_TABLES) {
      await insertTable(tx, {
        ...t,
        rakePercent: s.defaultRakePercent,
        rakeCap: s.defaultRakeCapBb * t.bigBlind,
        actionTime: 20,
        jackpotPercent: s.jackpotPercent,
        status: 'open',
      });
    }
    for (const t of DEMO_TOURNAMENTS(new Date())) {
      await insertTournament(
        tx,
        {
          ...t,
          variant: 'NT',
          reentryMax: 0,
          rebuyLevels: 0,
          rebuyMax: 0,
          addonChips: 0,
          guarantee: 0,
          structure: { levels: t.levels },
          payoutTable: DEFAULT_PAYOUT_TABLE,
        },
        null,
      );
    }
    await tx.execute(
      sql`INSERT INTO blocks (name, content_en, content_mn) VALUES
            ('info', ${INFO_BLOCK.en}, ${INFO_BLOCK.mn}),
            ('bank-details', ${BANK_DETAILS_BLOCK.en}, ${BANK_DETAILS_BLOCK.mn})
          ON CONFLICT (name) DO NOTHING`,
    );
    return true;
  });
}
