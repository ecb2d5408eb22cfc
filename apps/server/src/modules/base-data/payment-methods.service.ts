import {
  type TCreatePaymentMethodRequest,
  type TPageQuery,
  type TPaged,
  type TPaymentMethod,
  type TUpdatePaymentMethodRequest,
} from '@pms/contract';
import { paymentMethods } from '../../db/schema/index.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { order, references, selectOwnedPage } from './base-data.queries.ts';
import { insertPaymentMethod, updatePaymentMethodRows } from './payment-methods.queries.ts';
import { toPaymentMethod } from './base-data.mapper.ts';
import { deleteOwned, firstOrNotFound } from './base-data.service.ts';

function paymentMethodValues(input: TCreatePaymentMethodRequest) {
  return {
    name: input.name,
    kind: input.kind,
    bookingText: input.bookingText ?? null,
    accountNumber: input.accountNumber ?? null,
  };
}

export function listPaymentMethods(
  ctx: AppContext,
  actor: TActor,
  page: TPageQuery,
): Promise<TPaged<TPaymentMethod>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectOwnedPage(db, paymentMethods, actor.propertyId, order.paymentMethods, page, toPaymentMethod);
}

export async function getPaymentMethod(ctx: AppContext, actor: TActor, id: string): Promise<TPaymentMethod> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toPaymentMethod(await findOwned(db, paymentMethods, actor.propertyId, id, 'payment method'));
}

export async function createPaymentMethod(
  ctx: AppContext,
  actor: TActor,
  input: TCreatePaymentMethodRequest,
): Promise<TPaymentMethod> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const row = await insertPaymentMethod(db, { ...paymentMethodValues(input), propertyId: actor.propertyId });
  return toPaymentMethod(row);
}

export async function updatePaymentMethod(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdatePaymentMethodRequest,
): Promise<TPaymentMethod> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const rows = await updatePaymentMethodRows(db, actor.propertyId, id, paymentMethodValues(input));
  return toPaymentMethod(firstOrNotFound(rows, 'payment method'));
}

/** Deletes a payment method; payments posted with it keep it (soft delete). */
export function deletePaymentMethod(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, paymentMethods, id, 'payment method', references.paymentMethod);
}
