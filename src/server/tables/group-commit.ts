// Group commit: requests that arrive while a batch is at the database wait and go together in
// the next one (one statement, one commit, one plan for many tables' hands). Nothing waits on
// purpose: a lone request leaves at once, so the batch size follows the load. A failed batch
// changed nothing (it is one statement), so each of its requests is then retried alone, and
// one bad request cannot fail the others.

export class GroupCommit<Req, Res> {
  private queue: Array<{ req: Req; resolve: (r: Res) => void; reject: (e: unknown) => void }> = [];
  private busy = false;

  constructor(
    private readonly runBatch: (reqs: Req[]) => Promise<Res[]>,
    private readonly runOne: (req: Req) => Promise<Res>,
    private readonly maxBatch = 32,
  ) {}

  run(req: Req): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      // After the current work, so requests made in the same tick leave together.
      if (!this.busy) queueMicrotask(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    if (this.busy || this.queue.length === 0) return;
    this.busy = true;
    const batch = this.queue.splice(0, this.maxBatch);
    try {
      if (batch.length === 1) {
        await this.runOne(batch[0].req).then(batch[0].resolve, batch[0].reject);
        return;
      }
      let results: Res[] | null = null;
      try {
        results = await this.runBatch(batch.map((b) => b.req));
      } catch {
        results = null;
      }
      if (results) batch.forEach((b, i) => b.resolve(results![i]));
      else for (const b of batch) await this.runOne(b.req).then(b.resolve, b.reject);
    } finally {
      this.busy = false;
      if (this.queue.length) void this.flush();
    }
  }
}
