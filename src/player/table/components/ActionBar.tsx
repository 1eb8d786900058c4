import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LegalView } from '../../../shared/protocol/table-view';
import type { GameCommand } from '../../../shared/socket/messages';
import { clampAmount, raiseRange, stepAmount, type PotContext } from '../logic/betMath';
import { useFormat } from '../hooks/useFormat';
import { BetSizer } from './BetSizer';

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

/** Typing in chat or any field must not fold a hand. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
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

  // Shortcuts: F fold, C check/call, R raise (focuses the amount), arrows adjust, Enter confirms.
  const latest = useRef({ fold, checkOrCall, raise, range, amount, pending });
  latest.current = { fold, checkOrCall, raise, range, amount, pending };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const l = latest.current;
      if (l.pending) return;
      const key = e.key.toLowerCase();
      if (key === 'f') { e.preventDefault(); l.fold(); }
      else if (key === 'c') { e.preventDefault(); l.checkOrCall(); }
      else if (key === 'r' && l.range) { e.preventDefault(); inputRef.current?.focus(); inputRef.current?.select(); }
      else if ((key === 'arrowup' || key === 'arrowright' || key === 'arrowdown' || key === 'arrowleft') && l.range) {
        e.preventDefault();
        const dir = key === 'arrowup' || key === 'arrowright' ? 1 : -1;
        setText(String(stepAmount(l.amount, dir, bigBlind, l.range, e.shiftKey)));
      } else if (key === 'enter' && l.range) { e.preventDefault(); l.raise(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [bigBlind]);

  const callLabel = legal.canCheck
    ? t('action.check')
    : legal.callIsAllIn ? t('action.callAllIn', { amount: chips(legal.callAmount) }) : t('action.call', { amount: chips(legal.callAmount) });
  const raiseLabel = !range ? '' : amount >= range.max
    ? t('action.allIn', { amount: chips(range.max) })
    : range.kind === 'BET' ? t('action.bet', { amount: chips(amount) }) : t('action.raiseTo', { amount: chips(amount) });
  const btn = { flex: 1, minWidth: 0, py: compact ? 1.25 : 1, fontWeight: 800, fontSize: compact ? 13 : 15, lineHeight: 1.15 } as const;

  return (
    <Box data-testid="action-bar" sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
      {range && !range.allInOnly && (
        <BetSizer range={range} ctx={ctx} bigBlind={bigBlind} text={text} onText={setText} onConfirm={raise} disabled={pending} compact={compact} inputRef={inputRef} />
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {legal.canFold && (
          <Button variant="contained" color="error" disabled={pending} onClick={fold} sx={btn} aria-keyshortcuts="F">{t('action.fold')}</Button>
        )}
        <Button variant="contained" color="primary" disabled={pending} onClick={checkOrCall} sx={btn} aria-keyshortcuts="C">{callLabel}</Button>
        {range && (
          <Button variant="contained" color="warning" disabled={pending} onClick={raise} sx={btn} aria-keyshortcuts="R">{raiseLabel}</Button>
        )}
      </Box>
    </Box>
  );
}
