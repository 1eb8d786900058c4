// The reason staff give for an action, written into the audit trail.
import { Box, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';

export interface ReasonFieldProps {
  /** The label, translated. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
}

/** A few lines, focused when the dialog opens. */
export function ReasonField({ label, value, onChange, maxLength, onBlur, error, helperText }: ReasonFieldProps) {
  return (
    <Box sx={{ mt: 2 }}>
      <MuiTextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        error={error}
        helperText={helperText}
        slotProps={{ htmlInput: { maxLength } }}
      />
    </Box>
  );
}

/**
 * A required reason of at most `max` characters. Its error (`errorText`, translated) shows once the
 * field was left or confirming was tried, not while the first words are typed.
 */
export function useReason(max: number, errorText: string) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = value.trim();
  const invalid = trimmed.length === 0 || trimmed.length > max;
  const shown = touched && invalid;
  return {
    trimmed,
    invalid,
    shown,
    touch: () => setTouched(true),
    reset: () => {
      setValue('');
      setTouched(false);
    },
    field: { value, onChange: setValue, onBlur: () => setTouched(true), error: shown, helperText: shown ? errorText : ' ', maxLength: max },
  };
}
