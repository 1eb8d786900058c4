// The confirmation dialog of an action with content of its own (a reason, a number; react-admin's
// <Confirm> takes only text). The title names the dialog for screen readers; while the call runs
// the dialog stays open and both buttons are disabled.
import { Dialog, DialogActions, DialogContent, DialogTitle, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { LabelButton } from './LabelButton';
import type { ConfirmAction } from './useConfirmAction';

export interface ConfirmDialogProps {
  action: ConfirmAction;
  /** The id of the title, for aria-labelledby: unique on the page. */
  titleId: string;
  /** The title, translated. */
  title: ReactNode;
  /** The confirming button's translation key. */
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  /** Whether the input does not allow confirming yet. */
  invalid?: boolean;
  onConfirm: () => void;
  /** In a list row: clicks in the dialog must not reach the row. */
  stopClicks?: boolean;
  children: ReactNode;
}

export function ConfirmDialog({ action, titleId, title, confirmLabel, confirmColor, invalid, onConfirm, stopClicks, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={action.open}
      onClose={() => !action.pending && action.close()}
      aria-labelledby={titleId}
      onClick={stopClicks ? (e) => e.stopPropagation() : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <LabelButton label="ra.action.cancel" onClick={action.close} disabled={action.pending} />
        <LabelButton label={confirmLabel} color={confirmColor} variant="contained" onClick={onConfirm} disabled={action.pending || invalid} />
      </DialogActions>
    </Dialog>
  );
}
