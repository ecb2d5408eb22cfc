import { describe, expect, it } from 'vitest';
import { guestLabel, wizardStep, wizardSteps } from './wizard.ts';

const base = { areGuestsComplete: false, hasSignature: false, paymentEnabled: false, dueAmount: 0 };

describe('wizardSteps', () => {
  it('has a payment step only with the payment feature on', () => {
    expect(wizardSteps(false)).toEqual(['registration', 'confirmation', 'checkIn']);
    expect(wizardSteps(true)).toEqual(['registration', 'confirmation', 'payment', 'checkIn']);
  });
});

describe('wizardStep', () => {
  it('is 1 while a guest is incomplete, even when signed', () => {
    expect(wizardStep(base)).toBe(1);
    expect(wizardStep({ ...base, hasSignature: true })).toBe(1);
    expect(wizardStep({ ...base, hasSignature: true, paymentEnabled: true })).toBe(1);
  });
  it('is 2 once all guests are complete, 3 once also signed', () => {
    expect(wizardStep({ ...base, areGuestsComplete: true })).toBe(2);
    expect(wizardStep({ ...base, areGuestsComplete: true, hasSignature: true })).toBe(3);
  });
  it('is 4 with payment on and nothing due, 3 while an amount is due', () => {
    const signed = { ...base, areGuestsComplete: true, hasSignature: true, paymentEnabled: true };
    expect(wizardStep({ ...signed, dueAmount: 0 })).toBe(4);
    expect(wizardStep({ ...signed, dueAmount: 1 })).toBe(3);
    expect(wizardStep({ ...signed, dueAmount: 0, hasSignature: false })).toBe(2);
  });
  it('never passes the last step without payment', () => {
    expect(wizardStep({ ...base, areGuestsComplete: true, hasSignature: true, dueAmount: -5 })).toBe(3);
  });
});

describe('guestLabel', () => {
  it('takes the name, else the e-mail, else the phone, else Unbekannt', () => {
    expect(guestLabel({ name: 'Anna Berg', email: 'a@b.at', phone: '1' })).toBe('Anna Berg');
    expect(guestLabel({ name: '  ', email: 'a@b.at', phone: '1' })).toBe('a@b.at');
    expect(guestLabel({ name: null, email: null, phone: '+43 1' })).toBe('+43 1');
    expect(guestLabel({ name: '', email: '', phone: null })).toBe('Unbekannt');
    expect(guestLabel({})).toBe('Unbekannt');
  });
});

describe('scaledSize', () => {
  it('keeps small images and scales the long side to 1600', async () => {
    const { scaledSize } = await import('./image-resize.ts');
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });
});
