import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import { clampAmount, PRESETS, presetAmount, stepAmount, type PotContext, type Preset, type RaiseRange } from '../logic/betMath';

export interface BetSizerProps {
  range: RaiseRange;
  ctx: PotContext;
  bigBlind: number;
  /** What the field shows (may be mid-typing, unclamped). */
  text: string;
  onText: (text: string) => void;
  onConfirm: () => void;
  disabled: boolean;
  compact: boolean;
  inputRef: React.Ref<HTMLInputElement>;
}

const PRESET_KEYS: Record<Preset, string> = { half: 'bet.half', threeQuarters: 'bet.threeQuarters', pot: 'bet.pot', allIn: 'bet.allIn' };

/**
 * Presets, slider and the amount field; every value it produces is clamped to the legal range.
 * Enter in the field or on the slider confirms the bet/raise — the only place Enter does that.
 */
export function BetSizer({ range, ctx, bigBlind, text, onText, onConfirm, disabled, compact, inputRef }: BetSizerProps) {
  const { t } = useTranslation('table');
  const value = clampAmount(Number(text.replace(/\D/g, '')), range);
  const set = (n: number) => onText(String(clampAmount(n, range)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {PRESETS.map((p) => (
          <Button
            key={p}
            data-testid={`preset-${p}`}
            size="small"
            variant="outlined"
            disabled={disabled}
            onClick={() => set(presetAmount(p, ctx, range))}
            sx={{ flex: 1, minWidth: 0, minHeight: 44, px: 0.5, fontSize: 12, color: '#fff', borderColor: 'rgba(255,255,255,.4)' }}
          >
            {t(PRESET_KEYS[p])}
          </Button>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Slider
          size="small"
          min={range.min}
          max={range.max}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(_, v) => set(v as number)}
          aria-label={t('bet.amount')}
          sx={{ flex: 1, color: '#ffd54f' }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !disabled) {
              e.preventDefault();
              onConfirm();
            }
          }}
        />
        <TextField
          size="small"
          value={text}
          disabled={disabled}
          onChange={(e) => onText(e.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => set(value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              set(value);
              onConfirm();
            } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              set(stepAmount(value, e.key === 'ArrowUp' ? 1 : -1, bigBlind, range, e.shiftKey));
            }
          }}
          slotProps={{
            htmlInput: {
              'aria-label': t('bet.amount'),
              inputMode: 'numeric',
              'data-bet-input': 'true',
              ref: inputRef,
              style: { textAlign: 'right', fontWeight: 700 },
            },
          }}
          sx={{ width: compact ? 96 : 120, '& .MuiInputBase-root': { bgcolor: '#fff' } }}
        />
      </Box>
    </Box>
  );
}
