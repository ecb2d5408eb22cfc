import { createHmac, randomUUID } from 'node:crypto';
import { requestOutbound, type TOutboundPolicy } from '../../lib/outbound-url.ts';

/** A credential as the lock system is told of it: which door, for whom, and when. */
export type TLockCredential = {
  credentialId: string;
  accessPoint: { id: string; name: string; lockId: string | null };
  bookingCode: string;
  validFrom: Date;
  validUntil: Date;
};

/**
 * A lock system, asynchronous like the real ones (a Nuki Web API adapter has the same five calls):
 * credentials are issued, updated and revoked by the job runner, a door is opened while the guest
 * waits, and the status says whether the system is reachable.
 */
export type LockSystem = {
  kind: 'simulator' | 'webhook';
  issue(credential: TLockCredential): Promise<{ lockCredentialId: string }>;
  update(lockCredentialId: string, credential: TLockCredential): Promise<void>;
  revoke(lockCredentialId: string): Promise<void>;
  unlock(lockCredentialId: string, credential: TLockCredential): Promise<void>;
  status(): Promise<{ isReachable: boolean }>;
};

/**
 * The built-in lock system, for the demo, tests and a hotel without one connected: it accepts every
 * credential and opens every door it is asked to. Which credentials are live is the database's to
 * say (the doors service asks only for those), and every attempt is an event staff see on the booking.
 */
export const simulatedLockSystem: LockSystem = {
  kind: 'simulator',
  issue: () => Promise.resolve({ lockCredentialId: `sim_${randomUUID()}` }),
  update: () => Promise.resolve(),
  revoke: () => Promise.resolve(),
  unlock: () => Promise.resolve(),
  status: () => Promise.resolve({ isReachable: true }),
};

/** The signature header of a webhook call: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function webhookSignature(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * A lock system behind an HTTP endpoint of the hotel's choice: each call is a POST of JSON
 * `{ action, ... }` signed with HMAC-SHA256 over the timestamp and body (`X-Pms-Signature`), so the
 * receiver knows it came from this server and is fresh. A non-2xx answer (a redirect included) fails
 * the call, and so does an address in a private network unless the policy allows those.
 */
export function webhookLockSystem(
  url: string,
  secret: string,
  now: () => Date,
  policy: TOutboundPolicy,
): LockSystem {
  async function call(action: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = JSON.stringify({ action, ...data });
    const response = await requestOutbound(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-pms-signature': webhookSignature(secret, body, Math.floor(now().getTime() / 1000)),
        },
        body,
        timeoutMs: 10_000,
      },
      policy,
    );
    if (response.status < 200 || response.status > 299)
      throw new Error(`the lock system answered ${response.status} to ${action}`);
    return response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
  }
  const describe = (credential: TLockCredential) => ({
    credentialId: credential.credentialId,
    accessPoint: credential.accessPoint,
    bookingCode: credential.bookingCode,
    validFrom: credential.validFrom.toISOString(),
    validUntil: credential.validUntil.toISOString(),
  });
  return {
    kind: 'webhook',
    issue: async (credential) => {
      const answer = await call('issue', describe(credential));
      return {
        lockCredentialId:
          typeof answer.lockCredentialId === 'string' ? answer.lockCredentialId : credential.credentialId,
      };
    },
    update: async (lockCredentialId, credential) => {
      await call('update', { lockCredentialId, ...describe(credential) });
    },
    revoke: async (lockCredentialId) => {
      await call('revoke', { lockCredentialId });
    },
    unlock: async (lockCredentialId, credential) => {
      await call('unlock', { lockCredentialId, ...describe(credential) });
    },
    status: async () => ({
      isReachable: await call('status', {}).then(
        () => true,
        () => false,
      ),
    }),
  };
}
