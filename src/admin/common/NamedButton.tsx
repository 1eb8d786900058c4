// react-admin's Button with its label as aria-label too: on a phone it turns into an icon button,
// nameless when disabled (axe: button-name).
import { Button, useTranslate, type ButtonProps } from 'react-admin';

export interface NamedButtonProps extends Omit<ButtonProps, 'label'> {
  /** A translation key. */
  label: string;
  'data-testid'?: string;
}

export function NamedButton({ label, ...rest }: NamedButtonProps) {
  const translate = useTranslate();
  return <Button label={label} aria-label={translate(label)} {...rest} />;
}
