// A row's money action behind a dialog with one typed value (a reason, a player, a reference):
// the button, the dialog, the call once at a time, a notice and a refresh (useConfirmAction).
// The value is checked here as the server would (required, at most `max` characters, or digits).
import { DialogContentText, TextField as MuiTextField, type ButtonProps } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';
import { LabelButton } from './LabelButton';
import { useConfirmAction } from './useConfirmAction';

export interface ActionDialogButtonProps {
  /** Translation keys: the button (and the dialog's confirm), the dialog's title and text, the field, the success notice. */
  label: string;
  title: string;
  text?: string;
  field?: string;
  done: string;
  /** Values for the keys' placeholders. */
  args?: Record<string, unknown>;
  /** 'text': required text; 'optional': may be empty; 'id': a whole positive number; none: no field. */
  kind?: 'text' | 'optional' | 'id';
  max?: number;
  color?: ButtonProps['color'];
  icon?: ReactElement;
  testId: string;
  onConfirm: (value: string) => Promise<unknown>;
}

function valid(kind: ActionDialogButtonProps['kind'], v: string, max: number): boolean {
  if (!kind || kind === 'optional') return v.length <= max;
  if (kind === 'id') return /^[1-9]\d{0,9}$/.test(v);
  return v.length > 0 && v.length <= max;
}

export function ActionDialogButton(props: ActionDialogButtonProps) {
  const { label, title, text, field, done, args, kind, max = 500, color, icon, testId, onConfirm } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const [value, setValue] = useState('');
  const trimmed = value.trim();
  const ok = valid(kind, trimmed, max);
  const confirm = () =>
    void action.run(async () => {
      await onConfirm(trimmed);
      notify(done, { type: 'success', messageArgs: args });
      setValue('');
    });
  return (
    <>
      <LabelButton
        label={label}
        color={color}
        variant="outlined"
        data-testid={testId}
        disabled={action.pending}
        sx={{ whiteSpace: 'nowrap' }}
        onClick={(e) => {
          e.stopPropagation();
          action.show();
        }}
      >
        {icon}
      </LabelButton>
      <ConfirmDialog
        action={action}
        titleId={`${testId}-title`}
        title={translate(title, args)}
        confirmLabel={label}
        confirmColor={color}
        invalid={!ok}
        onConfirm={confirm}
        stopClicks
      >
        {text && <DialogContentText>{translate(text, args)}</DialogContentText>}
        {field && kind && (
          <MuiTextField
            autoFocus
            fullWidth
            sx={{ mt: 2 }}
            label={translate(field)}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { maxLength: max, 'data-testid': `${testId}-input` } }}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
