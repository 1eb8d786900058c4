// A watching socket as a value that can cross instances, and where its frames go.
import type { Payload } from '../core/frame';

/** A watching socket, wherever it is: the instance holding it, its connection id, its user. */
export interface ViewerRef {
  instance: string;
  conn: string;
  userId: number | null;
}

/** Where a viewer's frames go: its key (unique per owner) and how to send them. */
export interface ViewerSink {
  key: string;
  send(payload: Payload): void;
}
