// Keeps the hands this viewer saw from the start, for the replayer.
// The server sends the events of one command together and only the last one carries the patch
// (the others have an empty patch), so a step's view is filled in when its batch's patch comes.
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableView } from '../../../shared/protocol/table-view';
import type { RecordedHand, RecordedStep } from '../../../shared/ui/replay/fromEvents';

export const KEEP_HANDS = 20;

export class HandRecorder {
  private current: RecordedHand | null = null;
  /** Steps (and the start) still waiting for their batch's patch. */
  private waiting: RecordedStep[] = [];
  private startWaiting = false;
  /** Finished hands, newest first. */
  hands: RecordedHand[] = [];

  /**
   * `before` is the view before this event; `patched` is false for an event sent with an empty
   * patch (a batch's head). Returns true when a hand was finished.
   */
  record(event: TableEvent, after: TableView, before: TableView = after, patched = true): boolean {
    if (event.kind === 'HAND_STARTED') {
      this.current = { handId: event.handId, handNumber: event.handNumber, start: after, steps: [] };
      this.waiting = [];
      this.startWaiting = !patched;
      return false;
    }
    if (!this.current) return false;
    const step: RecordedStep = { event, after };
    // A bet or raise TO amount: the bet before the action plus the chips it put in.
    if (event.kind === 'ACTED' && (event.action === 'BET' || event.action === 'RAISE')) step.to = (before.seats[event.seat]?.bet ?? 0) + event.amount;
    this.current.steps.push(step);
    if (patched) {
      for (const w of this.waiting) w.after = after;
      this.waiting = [];
      if (this.startWaiting) this.current.start = after;
      this.startWaiting = false;
    } else {
      this.waiting.push(step);
    }
    if (event.kind === 'HAND_ENDED' || event.kind === 'HAND_VOIDED') {
      if (event.kind === 'HAND_ENDED') this.hands = [this.current, ...this.hands].slice(0, KEEP_HANDS);
      this.current = null;
      this.waiting = [];
      return true;
    }
    return false;
  }

  /** A resync loses the thread of the hand in play; it is not recorded. */
  reset(): void {
    this.current = null;
    this.waiting = [];
  }
}
