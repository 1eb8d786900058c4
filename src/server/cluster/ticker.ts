// A periodic pass that never overlaps itself: `everyMs` after the last one ended, and at once on
// demand (a table freed, a sit & go filled). The table steward and the tournament room run one.
export class Ticker {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly everyMs: number,
    private readonly onError: (e: unknown) => void,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Schedules the passes; the first comes `everyMs` from now. */
  start(): void {
    this.schedule();
  }

  /** One pass now, or the one already under way. */
  now(): Promise<void> {
    this.running ??= this.pass()
      .catch(this.onError)
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Resolves once the pass under way, if any, is over. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** No more passes; resolves once the one under way is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.now().finally(() => this.schedule()), this.everyMs);
    this.timer.unref?.();
  }
}
