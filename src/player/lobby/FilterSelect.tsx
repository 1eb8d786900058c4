import { useId, type ReactNode } from 'react';
import { Box } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: ReactNode }>;
  minWidth: number;
  testId: string;
}

/**
 * A lobby filter: the browser's own <select> (a phone shows its native picker), drawn like an
 * outlined small field. MUI's Select would bring its menu, input and label code into the lobby's
 * first download (docs/delivery.md, Code splitting).
 */
export function FilterSelect({ label, value, onChange, options, minWidth, testId }: Props) {
  const id = useId();
  return (
    <Box sx={{ position: 'relative', minWidth, flex: { xs: 1, sm: 'none' } }} data-testid={testId}>
      <Box
        component="label"
        htmlFor={id}
        sx={{
          position: 'absolute',
          top: -9,
          left: 10,
          px: 0.5,
          fontSize: 12,
          lineHeight: '16px',
          color: 'text.secondary',
          bgcolor: 'background.default',
          pointerEvents: 'none',
        }}
      >
        {label}
      </Box>
      <Box
        component="select"
        id={id}
        value={value}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
        sx={{
          width: '100%',
          height: 40,
          pl: 1.5,
          pr: 4,
          font: 'inherit',
          fontSize: 16,
          color: 'text.primary',
          bgcolor: 'transparent',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          cursor: 'pointer',
          appearance: 'none',
          // The down arrow, in the text colour.
          backgroundImage: 'linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)',
          backgroundPosition: 'calc(100% - 18px) 18px, calc(100% - 13px) 18px',
          backgroundSize: '5px 5px',
          backgroundRepeat: 'no-repeat',
          '&:hover': { borderColor: 'text.primary' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -1 },
          '& option': { color: 'text.primary', bgcolor: 'background.paper' },
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Box>
    </Box>
  );
}
