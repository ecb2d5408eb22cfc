import type { TFiskalyCredentials } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { RksvSigner, TseClient } from '../../integrations/fiscal/fiscal-types.ts';
import { fiskalySignAt } from '../../integrations/fiscal/rksv/fiskaly-sign-at.ts';
import { createSimulatorKeys, rksvSimulator } from '../../integrations/fiscal/rksv/simulator.ts';
import { fiskalySignDe } from '../../integrations/fiscal/tse/fiskaly-sign-de.ts';
import { tseSimulator, type TTseSimulatorState } from '../../integrations/fiscal/tse/simulator.ts';
import { createTseSimulatorKeys } from '../../integrations/fiscal/tse/tse-signature.ts';
import type { TRegisterRow } from './cash.queries.ts';

/** What a register's sealed credentials hold: the simulator's keys, or fiskaly's account. */
export type TRegisterCredentials =
  | ({ kind: 'rksv-simulator' } & ReturnType<typeof createSimulatorKeys>)
  | { kind: 'tse-simulator'; privateKeyPem: string }
  | ({ kind: 'fiskaly' } & TFiskalyCredentials);

const sealContext = (register: { id: string }) => `cash_registers:${register.id}`;

export function sealCredentials(
  ctx: AppContext,
  register: { id: string },
  value: TRegisterCredentials,
): string {
  return ctx.secrets.seal(JSON.stringify(value), sealContext(register));
}

/** The register's credentials; the demo's simulator keys are stored unsealed and read as they are. */
export function openCredentials(ctx: AppContext, register: TRegisterRow): TRegisterCredentials | null {
  return register.credentials
    ? (JSON.parse(ctx.secrets.open(register.credentials, sealContext(register))) as TRegisterCredentials)
    : null;
}

/** A new simulator register's keys: made once, kept sealed on the register. */
export function newSimulatorCredentials(country: TRegisterRow['country']): TRegisterCredentials {
  if (country === 'DE') return { kind: 'tse-simulator', ...createTseSimulatorKeys() };
  return { kind: 'rksv-simulator', ...createSimulatorKeys() };
}

/**
 * Whether a register can sign now: the simulator only where it is allowed (never in production unless
 * FISCAL_SIMULATOR says so), fiskaly once its account is set.
 */
export function canSign(ctx: AppContext, register: TRegisterRow): boolean {
  if (!register.credentials) return false;
  return register.adapter === 'fiskaly' || ctx.config.fiscalSimulator;
}

const outboundPolicy = (ctx: AppContext) => ({ allowPrivateAddresses: ctx.config.allowPrivateOutbound });

/** The Austrian register's signer. */
export function rksvSignerOf(ctx: AppContext, register: TRegisterRow): RksvSigner {
  const credentials = openCredentials(ctx, register);
  if (credentials?.kind === 'fiskaly') {
    return fiskalySignAt({
      baseUrl: credentials.baseUrl ?? 'https://rksv.fiskaly.com/api/v1',
      apiKey: credentials.apiKey,
      apiSecret: credentials.apiSecret,
      cashRegisterId: credentials.registerId,
      signatureCreationUnitId: credentials.clientId ?? '',
      policy: outboundPolicy(ctx),
    });
  }
  if (credentials?.kind !== 'rksv-simulator') throw new Error(`register ${register.id} has no RKSV keys`);
  return rksvSimulator({ ...credentials, deviceFailed: () => register.deviceFailedAt !== null });
}

/**
 * The German register's TSE. The simulator numbers its transactions from the register's row (locked by
 * the caller), so they stay consecutive on every instance.
 */
export function tseClientOf(ctx: AppContext, register: TRegisterRow, state: TTseSimulatorState): TseClient {
  const credentials = openCredentials(ctx, register);
  const now = () => ctx.clock.now();
  if (credentials?.kind === 'fiskaly') {
    const client = fiskalySignDe({
      apiKey: credentials.apiKey,
      apiSecret: credentials.apiSecret,
      tssId: credentials.registerId,
      ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}),
      now,
      policy: outboundPolicy(ctx),
    });
    // fiskaly knows the register by its client id; the cash box id is the serial it prints.
    const clientId = credentials.clientId ?? register.cashBoxId;
    return { ...client, record: (request) => client.record({ ...request, clientId }) };
  }
  if (credentials?.kind !== 'tse-simulator') throw new Error(`register ${register.id} has no TSE key`);
  return tseSimulator(credentials, now, state);
}
