import { memo, useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LogLine } from '../logic/handLog';
import { useFormat } from '../hooks/useFormat';
import { localizeHandName } from '../../../shared/format/handName';

const LOG_STYLE = { overflowY: 'auto', fontSize: 13, lineHeight: 1.45, padding: '4px 8px', height: '100%', boxSizing: 'border-box' } as const;

/** The last few lines of what happened, newest at the bottom, translated at render time. */
export const HandLog = memo(function HandLog({ lines }: { lines: LogLine[] }) {
  const { t } = useTranslation('table');
  const { chips } = useFormat();
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Scrolls the log itself (scrollIntoView could move the fixed page around it).
    const box = end.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lines]);
  // A plain element with a constant style: a new line costs no CSS-in-JS pass.
  return (
    // Focusable: a keyboard can scroll back through the hand.
    <div data-testid="hand-log" role="log" aria-label={t('log.title')} tabIndex={0} style={LOG_STYLE}>
      {lines.map((l) => (
        <LogRow key={l.id} line={l} t={t} chips={chips} />
      ))}
      <div ref={end} />
    </div>
  );
});

/** A line renders once: a new event adds a row, the others stay as they are. */
const LogRow = memo(function LogRow({ line, t, chips }: { line: LogLine; t: TFunction<'table'>; chips: (n: number) => string }) {
  const { amount, description } = line.params;
  const params = {
    ...line.params,
    amount: typeof amount === 'number' ? chips(amount) : amount,
    description: typeof description === 'string' ? localizeHandName(description, t) : description,
  };
  return <div style={line.key === 'log.handStarted' ? { opacity: 0.7, marginTop: 6 } : undefined}>{t(line.key, params)}</div>;
});
