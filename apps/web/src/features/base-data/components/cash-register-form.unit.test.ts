import { describe, expect, it } from 'vitest';
import type { TCashRegister } from '@pms/contract/cash';
import {
  cashRegisterFormSchema,
  toCashRegisterForm,
  toCreateRequest,
  toUpdateRequest,
  type TCashRegisterForm,
} from './cash-register-form.ts';

const form = (changes: Partial<TCashRegisterForm>): TCashRegisterForm => ({
  ...toCashRegisterForm(null),
  name: 'Bar',
  cashBoxId: 'BAR-1',
  ...changes,
});
const credentials = { apiKey: 'key', apiSecret: 'secret', registerId: 'reg', clientId: '', baseUrl: '' };

describe('the cash register form', () => {
  it('sends fiskaly’s credentials when typed, and a simulator none', () => {
    expect(toCreateRequest(form({})).credentials).toBeNull();
    expect(toCreateRequest(form({ adapter: 'fiskaly', credentials })).credentials).toEqual({
      apiKey: 'key',
      apiSecret: 'secret',
      registerId: 'reg',
      clientId: null,
      baseUrl: null,
    });
  });

  it('keeps stored credentials when left empty, and asks for them when none are stored', () => {
    const empty = form({ adapter: 'fiskaly' });
    expect(toUpdateRequest(empty)).not.toHaveProperty('credentials');
    expect(cashRegisterFormSchema(true).safeParse(empty).success).toBe(true);
    const refused = cashRegisterFormSchema(false).safeParse(empty);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'credentials.apiKey',
      'credentials.apiSecret',
      'credentials.registerId',
    ]);
  });

  it('switches the device failure only on an Austrian simulator', () => {
    expect(toUpdateRequest(form({ isDeviceFailed: true }))).toMatchObject({ isDeviceFailed: true });
    expect(toUpdateRequest(form({ country: 'DE', isDeviceFailed: true }))).not.toHaveProperty(
      'isDeviceFailed',
    );
  });

  it('starts an edit from the register, its credentials empty', () => {
    const register = { deviceFailedAt: '2026-01-01T10:00:00Z', hasCredentials: true } as TCashRegister;
    expect(toCashRegisterForm(register)).toMatchObject({ isDeviceFailed: true, credentials: { apiKey: '' } });
  });
});
