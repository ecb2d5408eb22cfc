// The check-in wizard's rules as pure functions (spec section 4): which steps exist, which one the
// guest is on, and how a guest is labelled.

export type TWizardStepKey = 'registration' | 'confirmation' | 'payment' | 'checkIn';

/** The anchored steps: payment only with the payment feature on. */
export function wizardSteps(paymentEnabled: boolean): TWizardStepKey[] {
  return paymentEnabled
    ? ['registration', 'confirmation', 'payment', 'checkIn']
    : ['registration', 'confirmation', 'checkIn'];
}

export type TWizardState = {
  areGuestsComplete: boolean;
  hasSignature: boolean;
  paymentEnabled: boolean;
  dueAmount: number;
};

/**
 * The step (1-based) the guest is on: 1 while a guest is incomplete, 2 once all are complete, 3 once
 * they are complete and signed, 4 when payment is on and nothing is due. Never beyond the last step.
 */
export function wizardStep(state: TWizardState): number {
  let step = 1;
  if (state.areGuestsComplete) step = 2;
  if (state.areGuestsComplete && state.hasSignature) step = 3;
  if (state.paymentEnabled && state.dueAmount <= 0 && state.areGuestsComplete && state.hasSignature) step = 4;
  return Math.min(step, wizardSteps(state.paymentEnabled).length);
}

/** A guest's label: the name, else the e-mail, else the phone, else 'Unbekannt'. */
export function guestLabel(guest: {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}): string {
  for (const value of [guest.name, guest.email, guest.phone]) {
    if (value && value.trim() !== '') return value.trim();
  }
  return 'Unbekannt';
}
