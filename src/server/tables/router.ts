// The tables' face of the cluster's directory: a table command goes to the table's owner (this
// instance's actor, or another instance over the bus) as the same value, and comes back typed.
import type { Payload } from '../core/frame';
import type { Bus } from '../cluster/bus';
import { Directory } from '../cluster/directory';
import type { ViewerRef, ViewerSink } from '../cluster/viewers';
import { unavailable, type ResultOf, type TableCommand } from './commands';
import type { TableRegistry } from './registry';

export interface RouterHost {
  /** Sends a frame to a socket of this instance (if it is still open). */
  send(conn: string, payload: Payload): void;
  /** This instance's sockets watching the table. */
  watchers(tableId: number): ViewerRef[];
  log: { warn(obj: unknown, msg?: string): void; debug?(obj: unknown, msg?: string): void; isLevelEnabled?(level: string): boolean };
}

export class TableRouter {
  readonly directory: Directory<TableCommand>;

  constructor(bus: Bus, registry: TableRegistry, host: RouterHost) {
    const { log } = host;
    this.directory = new Directory<TableCommand>(bus, {
      runLocal: (tableId, command, reqId, from) => {
        const actor = registry.get(tableId);
        if (!actor) return undefined;
        // The owner's line of a socket command (LOG_LEVEL=debug): its id, from whichever instance.
        if (reqId && log.debug && log.isLevelEnabled?.('debug') !== false)
          log.debug({ reqId, tableId, command: command.kind, from: from ?? 'here' }, 'table command');
        return actor.handle(command);
      },
      unavailable,
      subscribe: (viewer) => ({ kind: 'subscribe', viewer }),
      ...host,
    });
    this.directory.setLocal((tableId) => registry.get(tableId) !== undefined);
  }

  get instanceId(): string {
    return this.directory.instanceId;
  }

  /** Runs the command where the table lives; its answer, typed by the command. */
  call<C extends TableCommand>(tableId: number, command: C, reqId?: string): Promise<ResultOf<C>> {
    // The owner ran exactly this command (or `unavailable` answered for it): its result type.
    return this.directory.call(tableId, command, reqId) as Promise<ResultOf<C>>;
  }

  exists(tableId: number): boolean {
    return this.directory.exists(tableId);
  }
  ownerOf(tableId: number): string | null {
    return this.directory.ownerOf(tableId);
  }
  routed(tableId: number, ms: number): Promise<boolean> {
    return this.directory.routed(tableId, ms);
  }
  sink(viewer: ViewerRef): ViewerSink {
    return this.directory.sink(viewer);
  }
  close(): void {
    this.directory.close();
  }
}
