import { z } from 'zod';
import {
  ZCreateCashRegisterRequest,
  type TCashRegister,
  type TCreateCashRegisterRequest,
  type TFiskalyCredentials,
  type TUpdateCashRegisterRequest,
} from '@pms/contract/cash';

const credentialFields = ['apiKey', 'apiSecret', 'registerId', 'clientId', 'baseUrl'] as const;
const requiredCredentials = ['apiKey', 'apiSecret', 'registerId'] as const;

/** fiskaly's credentials as typed: write-only, so an edit starts with them empty. */
const ZCredentialsForm = z.object(
  Object.fromEntries(credentialFields.map((field) => [field, z.string()])) as Record<
    (typeof credentialFields)[number],
    z.ZodString
  >,
);
type TCredentialsForm = z.infer<typeof ZCredentialsForm>;

const isFilled = (credentials: TCredentialsForm) =>
  credentialFields.some((field) => credentials[field].trim() !== '');

/**
 * The register form: the contract's fields, the device failure switch, and the credentials, needed
 * for fiskaly when none are stored yet (a stored set stays when they are left empty).
 */
export function cashRegisterFormSchema(hasStoredCredentials: boolean) {
  const { name, country, adapter, cashBoxId, paymentMethodIds } = ZCreateCashRegisterRequest.shape;
  return z
    .object({
      name,
      country,
      adapter,
      cashBoxId,
      paymentMethodIds,
      isTraining: z.boolean(),
      isDeviceFailed: z.boolean(),
      credentials: ZCredentialsForm,
    })
    .superRefine((values, context) => {
      if (values.adapter !== 'fiskaly' || (hasStoredCredentials && !isFilled(values.credentials))) return;
      for (const field of requiredCredentials) {
        if (values.credentials[field].trim() === '')
          context.addIssue({ code: 'custom', message: 'required', path: ['credentials', field] });
      }
      if (
        values.credentials.baseUrl.trim() !== '' &&
        !z.url().safeParse(values.credentials.baseUrl.trim()).success
      )
        context.addIssue({ code: 'custom', message: 'url', path: ['credentials', 'baseUrl'] });
    });
}

export type TCashRegisterForm = z.infer<ReturnType<typeof cashRegisterFormSchema>>;

export function toCashRegisterForm(register: TCashRegister | null): TCashRegisterForm {
  return {
    name: register?.name ?? '',
    country: register?.country ?? 'AT',
    adapter: register?.adapter ?? 'simulator',
    cashBoxId: register?.cashBoxId ?? '',
    paymentMethodIds: register?.paymentMethodIds ?? [],
    isTraining: register?.isTraining ?? false,
    isDeviceFailed: register?.deviceFailedAt != null,
    credentials: Object.fromEntries(credentialFields.map((field) => [field, ''])) as TCredentialsForm,
  };
}

/** The credentials to send: fiskaly's when typed, none otherwise. */
function credentialsOf(values: TCashRegisterForm): TFiskalyCredentials | null {
  if (values.adapter !== 'fiskaly' || !isFilled(values.credentials)) return null;
  const { apiKey, apiSecret, registerId, clientId, baseUrl } = values.credentials;
  return {
    apiKey: apiKey.trim(),
    apiSecret: apiSecret.trim(),
    registerId: registerId.trim(),
    clientId: clientId.trim() || null,
    baseUrl: baseUrl.trim() || null,
  };
}

/** Whether the register may simulate a failed signature device: an Austrian simulator's training aid. */
export function canSimulateFailure(values: Pick<TCashRegisterForm, 'country' | 'adapter'>): boolean {
  return values.country === 'AT' && values.adapter === 'simulator';
}

export function toCreateRequest(values: TCashRegisterForm): TCreateCashRegisterRequest {
  const { name, country, adapter, cashBoxId, paymentMethodIds, isTraining } = values;
  return {
    name,
    country,
    adapter,
    cashBoxId,
    paymentMethodIds,
    isTraining,
    credentials: credentialsOf(values),
  };
}

export function toUpdateRequest(values: TCashRegisterForm): TUpdateCashRegisterRequest {
  const credentials = credentialsOf(values);
  return {
    name: values.name,
    paymentMethodIds: values.paymentMethodIds,
    isTraining: values.isTraining,
    ...(credentials && { credentials }),
    ...(canSimulateFailure(values) && { isDeviceFailed: values.isDeviceFailed }),
  };
}
