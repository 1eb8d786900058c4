// The lobby's game filters (issue 29): the game, its betting structure and a table option, and
// the options a table row shows beside its game ("Run it twice · Straddle").
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../poker/engine/games';
import { BETTING_LIMITS, TABLE_OPTIONS, VARIANTS, type TableOption } from '../../shared/api/enums';
import type { Table as PokerTable } from '../api';
import { FilterSelect } from './FilterSelect';

export interface GameFilter {
  game: string;
  structure: string;
  option: string;
}

export const ALL_GAMES: GameFilter = { game: 'all', structure: 'all', option: 'all' };

const hasOption = (tb: PokerTable, o: TableOption): boolean =>
  o === 'ante' ? tb.ante > 0 : o === 'straddle' ? tb.straddle !== 'off' : o === 'runItTwice' ? tb.runItTwice : tb.bombPotEvery > 0;

export function matchesGame(tb: PokerTable, f: GameFilter): boolean {
  if (f.game !== 'all' && tb.variant !== f.game) return false;
  if (f.structure !== 'all' && GAMES[tb.variant]?.structure !== f.structure) return false;
  if (f.option !== 'all' && !hasOption(tb, f.option as TableOption)) return false;
  return true;
}

/** The table's options on, as the lobby names them. */
export function useOptionsText(): (tb: PokerTable) => string {
  const { t } = useTranslation();
  return (tb) =>
    TABLE_OPTIONS.filter((o) => hasOption(tb, o))
      .map((o) => t(`lobby.option.${o}`))
      .join(' · ');
}

export function GameFilters({ value, onChange }: { value: GameFilter; onChange: (f: GameFilter) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        label={t('lobby.filterGame')}
        value={value.game}
        onChange={(game) => onChange({ ...value, game })}
        minWidth={170}
        testId="filter-lobby-game"
        options={[{ value: 'all', label: t('lobby.allGames') }, ...VARIANTS.map((v) => ({ value: v, label: t(`variant.${v}`) }))]}
      />
      <FilterSelect
        label={t('lobby.filterStructure')}
        value={value.structure}
        onChange={(structure) => onChange({ ...value, structure })}
        minWidth={150}
        testId="filter-structure"
        options={[{ value: 'all', label: t('lobby.allStructures') }, ...BETTING_LIMITS.map((s) => ({ value: s, label: t(`lobby.structure.${s}`) }))]}
      />
      <FilterSelect
        label={t('lobby.filterOption')}
        value={value.option}
        onChange={(option) => onChange({ ...value, option })}
        minWidth={150}
        testId="filter-option"
        options={[{ value: 'all', label: t('lobby.allOptions') }, ...TABLE_OPTIONS.map((o) => ({ value: o, label: t(`lobby.option.${o}`) }))]}
      />
    </>
  );
}
