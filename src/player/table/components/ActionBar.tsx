import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LegalView } from '../../../shared/protocol/table-view';
import type { GameCommand } from '../../../shared/socket/messages';
import { clampAmount, raiseRange, stepAmount, type PotContext } from '../logic/betMath';
import { useFormat } from '../hooks/useFormat';
import { useSetting } from '../../../shared/settings/useSettings';
import { BetSizer } from './BetSizer';
import { isShortcutFor, shortcutOf } from '../logic/shortcuts';

export interface ActionBarProps {
  tableId: number;
  legal: LegalView;
  ctx: PotContext;
  bigBlind: number;
  /** A request is in flight: no double sends. */
  pending: boolean;
  compact: boolean;
  onAct: (cmd: GameCommand) => void;
}

/** Fold, check/call, bet/raise, for the player whose turn it is. */
export function ActionBar({ tableId, legal, ctx, bigBlind, pending, compact, onAct }: ActionBarProps) {
  const { t } = useTranslation('table');
  const { chips } = useFormat();
  const range = raiseRange(legal);
  const [text, setText] = useState(() => String(range?.min ?? 0));
  const inputRef = useRef<HTMLInputElement>(null);

  // A new decision (new legal block) starts at the minimum.
  useEffect(() => {
    setText(String(raiseRange(legal)?.min ?? 0));
  }, [legal]);

  const amount = range ? clampAmount(Number(text), range) : 0;
  const base = { type: 'GAME' as const, tableId };
  const fold = () => legal.canFold && onAct({ ...base, action: 'FOLD' });
  const checkOrCall = () => onAct(legal.canCheck ? { ...base, action: 'CHECK' } : { ...base, action: 'CALL' });
  const raise = () => {
    if (!range) return;
    const to = clampAmount(amount, range); // never an amount the server would refuse
    onAct(range.kind === 'BET' ? { ...base, action: 'BET', amount: to } : { ...base, action: 'RAISE', amount: to });
  };

  // Shortcuts (a player setting, off by default): F fold, C check/call, R moves focus to the amount
  // (or to the all-in button), arrows adjust the amount, matched by the key's place (event.code),
  // so they work on a Cyrillic layout too. Only for this table (the one holding the focus, or the
  // page's only one) and only when focus is on the table itself: a focused button, field, slider,
  // link, menu or dialog keeps its own keys (isShortcutFor). Enter never confirms from here; it
  // confirms only inside the BetSizer.
  const shortcuts = useSetting('keyboardShortcuts');
  const raiseRef = useRef<HTMLButtonElement>(null);
  const latest = useRef({ fold, checkOrCall, range, amount, pending });
  latest.current = { fold, checkOrCall, range, amount, pending };
  useEffect(() => {
    if (!shortcuts) return;
    const onKey = (e: KeyboardEvent) => {
      const key = shortcutOf(e);
      if (!key || !isShortcutFor(e, tableId, Date.now())) return;
      const l = latest.current;
      if (l.pending) return;
      if (e.repeat && (key === 'fold' || key === 'checkOrCall')) return; // a held key is not a second decision
      if (key === 'fold') {
        e.preventDefault();
        l.fold();
      } else if (key === 'checkOrCall') {
        e.preventDefault();
        l.checkOrCall();
      } else if (key === 'amount' && l.range) {
        e.preventDefault();
        if (inputRef.current) {
          inputRef.current.focus();
          inputRef.current.select();
        } else raiseRef.current?.focus();
      } else if ((key === 'up' || key === 'down') && l.range && !l.range.allInOnly) {
        e.preventDefault();
        setText(String(stepAmount(l.amount, key === 'up' ? 1 : -1, bigBlind, l.range, e.shiftKey)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [bigBlind, shortcuts, tableId]);

  const callLabel = legal.canCheck
    ? t('action.check')
    : legal.callIsAllIn
      ? t('action.callAllIn', { amount: chips(legal.callAmount) })
      : t('action.call', { amount: chips(legal.callAmount) });
  const raiseLabel = !range
    ? ''
    : amount >= range.max
      ? t('action.allIn', { amount: chips(range.max) })
      : range.kind === 'BET'
        ? t('action.bet', { amount: chips(amount) })
        : t('action.raiseTo', { amount: chips(amount) });
  // 44 px at least: a thumb's target on a phone (WCAG 2.5.5).
  const btn = { flex: 1, minWidth: 0, minHeight: 44, py: compact ? 1.25 : 1, fontWeight: 800, fontSize: compact ? 13 : 15, lineHeight: 1.15 } as const;

  return (
    <Box data-testid="action-bar" sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
      {range && !range.allInOnly && (
        <BetSizer
          range={range}
          ctx={ctx}
          bigBlind={bigBlind}
          text={text}
          onText={setText}
          onConfirm={raise}
          disabled={pending}
          compact={compact}
          inputRef={inputRef}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {legal.canFold && (
          <Button
            variant="contained"
            color="error"
            disabled={pending}
            onClick={fold}
            sx={btn}
            data-testid="act-fold"
            aria-keyshortcuts={shortcuts ? 'F' : undefined}
          >
            {t('action.fold')}
          </Button>
        )}
        <Button
          variant="contained"
          color="primary"
          disabled={pending}
          onClick={checkOrCall}
          sx={btn}
          data-testid="act-call"
          aria-keyshortcuts={shortcuts ? 'C' : undefined}
        >
          {callLabel}
        </Button>
        {range && (
          <Button
            variant="contained"
            color="warning"
            disabled={pending}
            onClick={raise}
            sx={btn}
            ref={raiseRef}
            data-testid="act-raise"
            aria-keyshortcuts={shortcuts ? 'R' : undefined}
          >
            {raiseLabel}
          </Button>
        )}
      </Box>
    </Box>
  );
}
