import type { TProblem } from '@pms/contract/common';

/** An error that carries the server's problem (the api client's ApiError), told apart without loading it. */
function problemOf(error: unknown): TProblem | null {
  return error instanceof Error && 'problem' in error ? (error.problem as TProblem) : null;
}

/**
 * The open registers to choose from when a cash payment was refused for want of the choice
 * (`payment/fiscal_required` naming them in `cashRegisterIds`); null for any other answer.
 */
export function registerChoiceOf(error: unknown): string[] | null {
  const problem = problemOf(error);
  if (problem?.type !== 'payment/fiscal_required') return null;
  const ids = problem.params?.cashRegisterIds;
  return typeof ids === 'string' && ids !== '' ? ids.split(',') : null;
}
