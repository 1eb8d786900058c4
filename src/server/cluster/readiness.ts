// Whether this instance may start hands and take traffic: the database answered the last lease
// tick, Redis (when the room shares one) is connected, and no deploy is draining it. A lost
// dependency stops new hands rather than risk money; its return resumes them by itself.

export type Dependency = 'database' | 'redis';
export type DependencyState = 'up' | 'down' | 'unused';

interface Log {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  database: DependencyState;
  redis: DependencyState;
}

export class Readiness {
  private readonly down = new Map<Dependency, string>();
  private draining = false;

  constructor(
    private readonly log: Log,
    private readonly usesRedis: boolean,
    /** Called when the dependencies come back (not when draining starts). */
    private readonly onResume: () => void,
  ) {}

  /** Whether hands may start: every dependency answers and the instance is not draining. */
  get ready(): boolean {
    return this.down.size === 0 && !this.draining;
  }

  /** Whether the database and Redis answer (draining aside): what dealing depends on. */
  get dependenciesUp(): boolean {
    return this.down.size === 0;
  }

  set(dep: Dependency, ok: boolean, error?: unknown): void {
    const was = this.down.has(dep);
    if (ok && was) {
      this.down.delete(dep);
      this.log.info({ dependency: dep }, `${dep} is back`);
      if (this.down.size === 0) {
        this.log.info({}, 'dependencies answer again: hands start again');
        this.onResume();
      }
    } else if (!ok && !was) {
      const detail = error instanceof Error ? error.message : String(error ?? 'unreachable');
      this.down.set(dep, detail);
      this.log.warn({ dependency: dep, err: detail }, `${dep} unreachable: no new hand starts until it is back`);
    }
  }

  drain(): void {
    this.draining = true;
  }

  report(): ReadinessReport {
    const state = (dep: Dependency): DependencyState => (dep === 'redis' && !this.usesRedis ? 'unused' : this.down.has(dep) ? 'down' : 'up');
    return { ready: this.ready, draining: this.draining, database: state('database'), redis: state('redis') };
  }
}
