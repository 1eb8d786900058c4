// Viewers for actor tests without sockets: send functions keyed as the cluster's directory keys
// viewers (a local connection id, or `instance/conn` for another instance's socket), which an
// actor's `sink` dependency resolves, and the subscribe command that puts one on a table.
import type { ViewerRef, ViewerSink } from '../../src/server/cluster/viewers';
import type { Payload } from '../../src/server/core/frame';
import type { TableActor } from '../../src/server/tables/actor';

export interface TestViewer {
  key: string;
  userId: number | null;
  send(payload: Payload): void;
}

export class TestViewers {
  readonly instance = 'test';
  private readonly sends = new Map<string, (p: Payload) => void>();

  /** The actor's `sink` dependency. */
  readonly sink = (v: ViewerRef): ViewerSink => {
    const key = v.instance === this.instance ? v.conn : `${v.instance}/${v.conn}`;
    return { key, send: (p) => this.sends.get(key)?.(p) };
  };

  /** The viewer as a command names it; its frames go to `send`. */
  ref(v: TestViewer): ViewerRef {
    this.sends.set(v.key, v.send);
    const slash = v.key.indexOf('/');
    return slash > 0
      ? { instance: v.key.slice(0, slash), conn: v.key.slice(slash + 1), userId: v.userId }
      : { instance: this.instance, conn: v.key, userId: v.userId };
  }

  subscribe(actor: TableActor, v: TestViewer, autoMuck?: boolean) {
    return actor.handle({ kind: 'subscribe', viewer: this.ref(v), autoMuck });
  }

  unsubscribe(actor: TableActor, key: string) {
    return actor.handle({ kind: 'unsubscribe', viewer: this.ref({ key, userId: null, send: this.sends.get(key) ?? (() => {}) }) });
  }
}
