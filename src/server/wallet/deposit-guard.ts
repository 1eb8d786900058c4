// What may refuse a deposit before it is asked of QPay: the safer-play deposit limits (being built
// under accounts/safer-play/). A refusal is shown to the player as it is written.
export interface DepositRefusal {
  code: string;
  message: string;
}

export interface DepositGuard {
  /** null: allowed; else why not. */
  check(userId: number, amount: number): Promise<DepositRefusal | null>;
}

/** Until safer play exists: every deposit within the settings' bounds is allowed. */
export const allowAllDeposits: DepositGuard = { check: async () => null };
