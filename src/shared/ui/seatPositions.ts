// Where seats sit around an oval table, in percent of the table box. Seat positions run
// clockwise on screen, and the viewer's own seat (when seated) is drawn at the bottom centre,
// as on every online client.

export interface Point {
  x: number;
  y: number;
}

export interface SeatSpot {
  seat: Point;
  /** Where the seat's bet chips sit, between the seat and the middle. */
  bet: Point;
}

/** Display slot (0 = bottom centre) of a seat, given who the viewer is. */
export function displaySlot(seat: number, seatCount: number, bottomSeat: number | null): number {
  const base = bottomSeat ?? 0;
  return (((seat - base) % seatCount) + seatCount) % seatCount;
}

/**
 * Spots for every seat index. rx/ry are the oval's radii in percent; portrait tables are taller,
 * so the caller passes a narrower rx and a taller ry.
 */
export function seatSpots(seatCount: number, bottomSeat: number | null, shape: { rx: number; ry: number; betScale?: number } = { rx: 44, ry: 40 }): SeatSpot[] {
  const betScale = shape.betScale ?? 0.58;
  const out: SeatSpot[] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    const slot = displaySlot(seat, seatCount, bottomSeat);
    // 90° is the bottom of the screen (y grows downwards); increasing angles go clockwise.
    const angle = ((90 + (slot * 360) / seatCount) * Math.PI) / 180;
    const cx = Math.cos(angle);
    const cy = Math.sin(angle);
    out.push({
      seat: { x: round(50 + shape.rx * cx), y: round(50 + shape.ry * cy) },
      bet: { x: round(50 + shape.rx * betScale * cx), y: round(50 + shape.ry * betScale * cy) },
    });
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
