import { describe, expect, it } from 'vitest';
import type { TProblem } from '@pms/contract/common';
import { registerChoiceOf } from './register-choice.ts';

/** A refusal as the api client throws it: an error carrying the server's problem. */
const problem = (type: string, params?: Record<string, string>) =>
  Object.assign(new Error(type), { problem: { type, title: type, status: 400, params } satisfies TProblem });

describe('registerChoiceOf', () => {
  it('lists the open registers a cash payment waits to be told', () => {
    expect(registerChoiceOf(problem('payment/fiscal_required', { cashRegisterIds: 'r1,r2' }))).toEqual([
      'r1',
      'r2',
    ]);
  });

  it('offers no choice when the refusal names none, or is another one', () => {
    expect(registerChoiceOf(problem('payment/fiscal_required'))).toBeNull();
    expect(registerChoiceOf(problem('cash/day_closed', { cashRegisterIds: 'r1' }))).toBeNull();
    expect(registerChoiceOf(new Error('network'))).toBeNull();
  });
});
