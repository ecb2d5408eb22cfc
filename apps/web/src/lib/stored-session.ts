// What the session store reads back from localStorage is checked here by hand rather than with the
// contract's zod schemas: the check runs before the first screen, and zod would add about 24 KiB
// (gzip) to the first chunk. The checks accept what ZSession and ZPropertyMembership accept (a unit
// test compares them), and the shapes below name every field of their types, which the compiler
// holds them to.
import { languages, propertyCountries } from '@pms/contract/locales';
import { pageSizes, type TPageSize } from '@pms/contract/page-sizes';
import { roles } from '@pms/contract/permissions';
import type { TPropertyMembership, TSession } from '@pms/contract/session';

type TCheck = (value: unknown) => boolean;
type TShape<T> = { [K in keyof T]-?: TCheck };

// The contract's ids are zod's uuid format: RFC 9562 UUIDs, the nil and the max one.
const uuid =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

const isString: TCheck = (value) => typeof value === 'string';
const isBoolean: TCheck = (value) => typeof value === 'boolean';
const isId: TCheck = (value) => typeof value === 'string' && uuid.test(value);
const isOneOf =
  (values: readonly unknown[]): TCheck =>
  (value) =>
    values.includes(value);
const orNull =
  (check: TCheck): TCheck =>
  (value) =>
    value === null || check(value);
const orNullish =
  (check: TCheck): TCheck =>
  (value) =>
    value === undefined || value === null || check(value);

function hasShape<T>(value: unknown, shape: TShape<T>): value is T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  return Object.entries<TCheck>(shape).every(([key, check]) => check(fields[key]));
}

const sessionShape: TShape<TSession> = {
  isApiKey: isBoolean,
  subjectId: isId,
  propertyId: isId,
  email: orNull(isString),
  name: isString,
  avatarUrl: orNull(isString),
  language: orNull(isOneOf(languages)),
  role: isOneOf(roles),
  mustChangePassword: isBoolean,
};

const brandingShape: TShape<TPropertyMembership['branding']> = {
  logoId: orNull(isId),
  logo: orNull(isString),
  primaryColor: orNull(isString),
};

const membershipShape: TShape<TPropertyMembership> = {
  id: isId,
  name: isString,
  slug: isString,
  timeZone: isString,
  currency: isString,
  country: orNullish(isOneOf(propertyCountries)),
  roleId: isOneOf(roles),
  branding: (value) => hasShape(value, brandingShape),
};

/** Whether a stored value is a session as the API sent it. */
export function isSession(value: unknown): value is TSession {
  return hasShape(value, sessionShape);
}

/** Whether a stored value is a property list entry as the API sent it. */
export function isPropertyMembership(value: unknown): value is TPropertyMembership {
  return hasShape(value, membershipShape);
}

/** Whether a stored value is a list of property entries. */
export function isPropertyMemberships(value: unknown): value is TPropertyMembership[] {
  return Array.isArray(value) && value.every(isPropertyMembership);
}

/** Whether a stored value is one of the page sizes a list offers. */
export function isPageSize(value: unknown): value is TPageSize {
  return (pageSizes as readonly unknown[]).includes(value);
}
