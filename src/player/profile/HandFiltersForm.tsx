import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import useSWR from 'swr';
import { useRegularsTranslation } from '../components/regularsStrings';
import { POSITIONS, type HandFilters } from '../../shared/api/regulars';
import { VARIANTS } from '../../shared/api/enums';
import { keys, type List, type Table } from '../api';
import { useFormat } from '../hooks/useLang';
import { buildHandFilters, EMPTY_FILTERS, type FilterError, type HandFilterForm } from './handFilters';

/** The hand history's filters: date, game, stakes, position, hole cards, result, pot size. Applied on Search. */
export function HandFiltersForm({ onApply }: { onApply: (filters: HandFilters) => void }) {
  const { t } = useRegularsTranslation();
  const { number } = useFormat();
  const [form, setForm] = useState<HandFilterForm>(EMPTY_FILTERS);
  const [error, setError] = useState<FilterError | null>(null);
  // The stakes offered: the room's tables' (a hand's stakes are its table's).
  const { data: tables } = useSWR<List<Table>>(keys.tables);
  const stakes = useMemo(() => {
    const seen = new Map<number, number>();
    for (const tb of tables?.items ?? []) seen.set(tb.bigBlind, tb.smallBlind);
    return [...seen.entries()].sort((a, b) => a[0] - b[0]);
  }, [tables]);
  const set = (patch: Partial<HandFilterForm>) => setForm((f) => ({ ...f, ...patch }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const built = buildHandFilters(form);
    if ('error' in built) return setError(built.error);
    setError(null);
    onApply(built.filters);
  };
  const clear = () => {
    setForm(EMPTY_FILTERS);
    setError(null);
    onApply({});
  };
  const field = { size: 'small' as const, fullWidth: true };
  const select = { ...field, select: true, slotProps: { select: { native: true } } };
  return (
    <Box component="form" onSubmit={apply} aria-label={t('hands.filters')} data-testid="hand-filters" noValidate>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <TextField
          {...field}
          type="date"
          label={t('hands.from')}
          value={form.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-from' } }}
        />
        <TextField
          {...field}
          type="date"
          label={t('hands.to')}
          value={form.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-to' } }}
        />
        <TextField
          {...select}
          label={t('hands.game')}
          value={form.variant}
          onChange={(e) => set({ variant: e.target.value as HandFilterForm['variant'] })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'filter-game' } }}
        >
          <option value="">{t('hands.any')}</option>
          {VARIANTS.map((v) => (
            <option key={v} value={v}>
              {t(`variant.${v}`)}
            </option>
          ))}
        </TextField>
        <TextField
          {...select}
          label={t('hands.stake')}
          value={form.bigBlind}
          onChange={(e) => set({ bigBlind: e.target.value })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'filter-stake' } }}
        >
          <option value="">{t('hands.any')}</option>
          {stakes.map(([bb, sb]) => (
            <option key={bb} value={bb}>
              {number(sb)} / {number(bb)}
            </option>
          ))}
        </TextField>
        <TextField
          {...select}
          label={t('hands.position')}
          value={form.position}
          onChange={(e) => set({ position: e.target.value as HandFilterForm['position'] })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'filter-position' } }}
        >
          <option value="">{t('hands.any')}</option>
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {t(`hands.positions.${p}`)}
            </option>
          ))}
        </TextField>
        <TextField
          {...field}
          label={t('hands.cards')}
          placeholder={t('hands.cardsHint')}
          value={form.cards}
          onChange={(e) => set({ cards: e.target.value })}
          error={error === 'cards'}
          slotProps={{ htmlInput: { 'data-testid': 'filter-cards', autoCapitalize: 'off', spellCheck: false, maxLength: 12 } }}
        />
        <TextField
          {...select}
          label={t('hands.result')}
          value={form.result}
          onChange={(e) => set({ result: e.target.value as HandFilterForm['result'] })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'filter-result' } }}
        >
          <option value="">{t('hands.any')}</option>
          <option value="won">{t('hands.won')}</option>
          <option value="lost">{t('hands.lost')}</option>
          <option value="even">{t('hands.even')}</option>
        </TextField>
        <TextField
          {...field}
          label={t('hands.minPot')}
          value={form.minPot}
          onChange={(e) => set({ minPot: e.target.value })}
          error={error === 'pot'}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'filter-min-pot' } }}
        />
        <TextField
          {...field}
          label={t('hands.maxPot')}
          value={form.maxPot}
          onChange={(e) => set({ maxPot: e.target.value })}
          error={error === 'pot'}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'filter-max-pot' } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" data-testid="filter-search">
            {t('hands.search')}
          </Button>
          <Button type="button" onClick={clear} data-testid="filter-clear">
            {t('hands.clear')}
          </Button>
        </Stack>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert" data-testid="filter-error">
          {t(`hands.errors.${error}`)}
        </Alert>
      )}
    </Box>
  );
}
