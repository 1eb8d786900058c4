// The lobby's three game filters (issue 29): the game, its betting structure and a table option.
import { useTranslation } from 'react-i18next';
import { BETTING_LIMITS, TABLE_OPTIONS, VARIANTS } from '../../shared/api/game-lists';
import { FilterSelect } from './FilterSelect';

/** The lobby's game filter: 'all' or a game code, a betting structure, a table option. */
export interface GameFilter {
  game: string;
  structure: string;
  option: string;
}

export default function GameFilterSelects({ value, onChange }: { value: GameFilter; onChange: (f: GameFilter) => void }) {
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
