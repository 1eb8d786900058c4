// The structure's levels as one input: a compact table of plain inputs bound to the `levels` array.
// react-admin's ArrayInput re-renders every row's inputs on any change anywhere in the form (it
// watches the whole form state); with 34 levels that made every keystroke slow. This input only
// re-renders when the levels change.
import { memo, useCallback, useRef } from 'react';
import { Box, Button, Checkbox, IconButton, InputBase, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useInput, useTranslate } from 'react-admin';
import type { LevelRow } from './formValues';

type NumberKey = 'level' | 'smallBlind' | 'bigBlind' | 'ante' | 'durationMin' | 'breakMin';
type Change = (index: number, patch: Partial<LevelRow>) => void;

const numberOrNull = (raw: string) => (raw.trim() === '' || Number.isNaN(Number(raw)) ? null : Number(raw));
const cell = { py: 0.25, px: 0.5 } as const;

function NumberCell({ row, index, field, label, onChange }: { row: LevelRow; index: number; field: NumberKey; label: string; onChange: Change }) {
  return (
    <TableCell sx={cell}>
      <InputBase
        type="number"
        value={row[field] ?? ''}
        onChange={(e) => onChange(index, { [field]: numberOrNull(e.target.value) })}
        inputProps={{ 'aria-label': `${index + 1}. ${label}`, step: field.endsWith('Min') ? 'any' : 1, min: 0 }}
        sx={{ width: 96, px: 0.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </TableCell>
  );
}

const LevelLine = memo(function LevelLine({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: LevelRow;
  index: number;
  onChange: Change;
  onRemove: (i: number) => void;
}) {
  const translate = useTranslate();
  const f = (k: string) => translate(`resources.tournament.fields.${k}`);
  return (
    <TableRow>
      <TableCell sx={cell}>{index + 1}.</TableCell>
      <TableCell sx={cell} padding="checkbox">
        <Checkbox
          size="small"
          checked={!!row.isBreak}
          onChange={(e) => onChange(index, { isBreak: e.target.checked })}
          slotProps={{ input: { 'aria-label': `${index + 1}. ${f('isBreak')}` } }}
        />
      </TableCell>
      {row.isBreak ? (
        <>
          <NumberCell row={row} index={index} field="breakMin" label={f('breakMin')} onChange={onChange} />
          <TableCell sx={cell} colSpan={5} />
        </>
      ) : (
        <>
          <NumberCell row={row} index={index} field="level" label={f('level')} onChange={onChange} />
          <NumberCell row={row} index={index} field="smallBlind" label={f('smallBlind')} onChange={onChange} />
          <NumberCell row={row} index={index} field="bigBlind" label={f('bigBlind')} onChange={onChange} />
          <NumberCell row={row} index={index} field="ante" label={f('ante')} onChange={onChange} />
          <TableCell sx={cell} padding="checkbox">
            <Checkbox
              size="small"
              checked={!!row.bigBlindAnte}
              onChange={(e) => onChange(index, { bigBlindAnte: e.target.checked })}
              slotProps={{ input: { 'aria-label': `${index + 1}. ${f('bigBlindAnte')}` } }}
            />
          </TableCell>
          <NumberCell row={row} index={index} field="durationMin" label={f('durationMin')} onChange={onChange} />
        </>
      )}
      <TableCell sx={cell}>
        <IconButton size="small" aria-label={`${index + 1}. ${translate('ra.action.remove')}`} onClick={() => onRemove(index)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});

export function LevelsEditor() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<LevelRow[]>({ source: 'levels' });
  const rows: LevelRow[] = Array.isArray(field.value) ? field.value : [];
  const { onChange: set } = field;
  // Stable callbacks over the latest rows, so that editing one row re-renders that row only.
  const latest = useRef(rows);
  latest.current = rows;
  const onChange = useCallback<Change>((i, patch) => set(latest.current.map((r, j) => (j === i ? { ...r, ...patch } : r))), [set]);
  const onRemove = useCallback((i: number) => set(latest.current.filter((_, j) => j !== i)), [set]);
  const add = (row: LevelRow) => set([...rows, row]);
  const last = [...rows].reverse().find((r) => !r.isBreak);
  const f = (k: string) => translate(`resources.tournament.fields.${k}`);
  return (
    <Box sx={{ my: 1, maxWidth: '100%', overflowX: 'auto' }}>
      <Typography variant="caption" color={fieldState.error ? 'error' : 'text.secondary'} component="p">
        {fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : translate('resources.tournament.help.levels')}
      </Typography>
      <Table size="small" aria-label={f('levels')}>
        <TableHead>
          <TableRow>
            <TableCell sx={cell}>#</TableCell>
            <TableCell sx={cell}>{f('isBreak')}</TableCell>
            <TableCell sx={cell}>{f('level')}</TableCell>
            <TableCell sx={cell}>{f('smallBlind')}</TableCell>
            <TableCell sx={cell}>{f('bigBlind')}</TableCell>
            <TableCell sx={cell}>{f('ante')}</TableCell>
            <TableCell sx={cell}>{f('bigBlindAnte')}</TableCell>
            <TableCell sx={cell}>{f('durationMin')}</TableCell>
            <TableCell sx={cell} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <LevelLine key={i} row={row} index={i} onChange={onChange} onRemove={onRemove} />
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button
          size="small"
          onClick={() =>
            add({
              isBreak: false,
              level: (last?.level ?? 0) + 1,
              smallBlind: (last?.smallBlind ?? 0) * 2 || null,
              bigBlind: (last?.bigBlind ?? 0) * 2 || null,
              ante: last?.ante ?? 0,
              bigBlindAnte: !!last?.bigBlindAnte,
              durationMin: last?.durationMin ?? null,
            })
          }
        >
          {translate('resources.tournament.action.add_level')}
        </Button>
        <Button size="small" onClick={() => add({ isBreak: true, breakMin: 5 })}>
          {translate('resources.tournament.action.add_break')}
        </Button>
      </Box>
    </Box>
  );
}
