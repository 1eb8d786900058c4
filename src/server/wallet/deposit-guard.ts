// What may refuse a deposit before it is asked of QPay: the safer-play deposit limits and breaks
// (accounts/safer-play/service.ts, the app's default guard). A refusal is shown to the player as it is written.
export interface DepositRefusal {
  code: string;
  message: string;
}

export interface DepositGuard {
  /** null: allowed; else why not. */
  check(userId: number, amount: number): Promise<DepositRefusal | null>;
}

/** No guard: every deposit within the settings' bounds is allowed (payments built without safer play). */
export const allowAllDeposits: DepositGuard = { check: async () => null };
