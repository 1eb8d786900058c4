import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../shared/protocol/table-view';
import { seatSpots } from '../../../shared/ui/seatPositions';
import type { TableStore } from '../state/tableStore';
import { Seat } from './Seat';
import type { SeatResult } from '../hooks/useShowdown';
import { Board } from './Board';
import { ChipFlights } from './ChipFlights';
import { useFormat } from '../hooks/useFormat';
import { Logo } from '../../components/Logo';
import { feltLogoStyle, ovalStyle } from './feltStyle';

export interface TableFeltProps {
  store: TableStore;
  view: TableView;
  portrait: boolean;
  compact: boolean;
  results: Record<number, SeatResult>;
  winning?: ReadonlySet<string>;
  banner: string | null;
  animations: boolean;
  onSit: (seat: number) => void;
}

// Portrait phones get a tall oval, desktops a wide one; seats sit on its rim.
const LANDSCAPE = { rx: 43, ry: 38 };
const PORTRAIT = { rx: 38, ry: 40, betScale: 0.55 };

export const TableFelt = memo(function TableFelt({ store, view, portrait, compact, results, winning, banner, animations, onSit }: TableFeltProps) {
  const { t } = useTranslation('table');
  const { chips } = useFormat();
  const n = view.maxPlayers;
  const spots = useMemo(() => seatSpots(n, view.mySeat, portrait ? PORTRAIT : LANDSCAPE), [n, view.mySeat, portrait]);
  const now = useCallback(() => store.now(), [store]);
  const hand = view.hand;
  const total = hand ? hand.pots.reduce((a, p) => a + p.amount, 0) + view.seats.reduce((a, s) => a + (s?.bet ?? 0), 0) : 0;
  const spectator = view.mySeat === null;
  const actionTimeMs = view.actionTime * 1000;

  return (
    <div data-testid="table-felt" style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }}>
      <div style={ovalStyle(portrait, compact)} />
      <div data-testid="felt-logo" style={feltLogoStyle(portrait)}>
        <Logo size={compact ? 56 : 88} />
      </div>
      <Board
        board={hand?.board ?? []}
        board2={hand?.board2}
        bombPot={hand?.bombPot}
        pots={hand?.pots ?? []}
        total={total}
        compact={compact}
        banner={banner}
        winning={winning}
      />
      {spots.map((spot, i) => {
        const seat = view.seats[i] ?? null;
        const acting = hand?.toAct === i;
        return (
          <Seat
            key={i}
            index={i}
            seat={seat}
            spot={spot}
            isButton={hand?.button === i}
            isActing={acting}
            actionDeadline={acting ? hand!.actionDeadline : null}
            timeBankDeadline={acting ? hand!.timeBankDeadline : null}
            actionTimeMs={actionTimeMs}
            isMe={view.mySeat === i}
            canSit={spectator && seat === null && view.status === 'OPEN' && !view.tournamentId}
            compact={compact}
            result={results[i]}
            onSit={onSit}
            now={now}
            t={t}
            chips={chips}
          />
        );
      })}
      <ChipFlights store={store} spots={spots} enabled={animations} />
    </div>
  );
});
