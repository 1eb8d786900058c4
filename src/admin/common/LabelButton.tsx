// A button that always shows its label. react-admin's <Button> turns into a bare icon button on
// phones, and when it has no icon (most dialog buttons) or is disabled there, it is an empty
// button with no name (axe: button-name). Dialog actions and buttons without an icon use this.
import { Button as MuiButton, type ButtonProps } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

export interface LabelButtonProps extends Omit<ButtonProps, 'children'> {
  /** A translation key (or plain text). */
  label: string;
  /** The icon, shown before the label. */
  children?: ReactElement;
  'data-testid'?: string;
}

export function LabelButton({ label, children, size = 'small', ...rest }: LabelButtonProps) {
  const translate = useTranslate();
  return (
    <MuiButton size={size} startIcon={children} {...rest}>
      {translate(label, { _: label })}
    </MuiButton>
  );
}
