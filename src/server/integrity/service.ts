// The integrity wing as one handle (docs/integrity.md): the job, the guard the entry points ask,
// sign-in traces, the pages staff and players read, cases and restitution.
import type { Database } from '../db/client';
import type { Ledger } from '../core/ledger';
import { CaseService } from './cases';
import { IntegrityGuard, recordSignIn } from './guard';
import { IntegrityJob, type JobOptions } from './job';
import { RestitutionService } from './restitution';

export class IntegrityService {
  readonly job: IntegrityJob;
  readonly guard: IntegrityGuard;
  readonly restitutions: RestitutionService;
  readonly cases: CaseService;

  constructor(
    readonly db: Database,
    ledger: Ledger,
    opts: JobOptions = {},
  ) {
    this.job = new IntegrityJob(db, opts);
    this.guard = new IntegrityGuard(db);
    this.restitutions = new RestitutionService(db, ledger);
    this.cases = new CaseService(db, this.restitutions.ofCase);
  }

  /** Never fails the sign-in it follows: a trace lost is logged, not thrown. */
  async signedIn(userId: number, ip: string | null, device: string | null, log?: (e: unknown) => void): Promise<void> {
    try {
      await recordSignIn(this.db, userId, ip, device);
    } catch (e) {
      log?.(e);
    }
  }
}
