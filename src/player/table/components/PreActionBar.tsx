import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { preActionChoices, type PreAction, type PreActionKind } from '../logic/preActions';
import { useFormat } from '../hooks/useFormat';

export interface PreActionBarProps {
  price: number;
  selected: PreAction | null;
  onSelect: (kind: PreActionKind | null) => void;
  compact: boolean;
}

/** Check/Fold, Check or Call X, Call any, Fold to any bet: ticked while waiting for the turn. */
export function PreActionBar({ price, selected, onSelect, compact }: PreActionBarProps) {
  const { t } = useTranslation('table');
  const { chips } = useFormat();
  const label = (k: PreActionKind) => (k === 'call' ? t('pre.call', { amount: chips(price) }) : t(`pre.${k}`));
  return (
    <Box
      data-testid="pre-actions"
      sx={{ display: 'grid', gridTemplateColumns: compact ? '1fr 1fr' : 'repeat(4, auto)', gap: compact ? 0 : 1, justifyContent: 'center', color: '#fff' }}
    >
      {preActionChoices(price).map((k) => (
        <FormControlLabel
          key={k}
          label={label(k)}
          sx={{ m: 0, minHeight: 44, '& .MuiFormControlLabel-label': { fontSize: compact ? 13 : 14 } }}
          control={
            <Checkbox
              size="small"
              checked={selected?.kind === k}
              onChange={(e) => onSelect(e.target.checked ? k : null)}
              sx={{ color: '#fff', py: compact ? 0.75 : 0.5 }}
            />
          }
        />
      ))}
    </Box>
  );
}
