import { z } from 'zod';
import type { TBaseData } from '@pms/contract/base-data';
import { ZCreateBookingRequest, ZNewCustomer, ZUpdateBookingRequest } from '@pms/contract/bookings';
import { ZId } from '@pms/contract/common';
import { emptyTo } from '../../../lib/form.ts';

const fields = ZUpdateBookingRequest.required().shape;

/** The stay part both booking forms share: dates, room type, room (optional), persons, rate. */
const stayShape = {
  checkIn: fields.checkIn,
  checkOut: fields.checkOut,
  roomTypeId: z.string().pipe(ZId),
  /** '' in the select: assign automatically (create) or no room (edit). */
  roomId: emptyTo(null, fields.roomId),
  occupancy: fields.occupancy,
  rateId: emptyTo(null, fields.rateId),
  comment: emptyTo(null, fields.comment),
  hasColor: z.boolean(),
  color: z.string(),
};

export type TStayFormValues = {
  checkIn: string;
  checkOut: string;
  roomTypeId: string;
  roomId: string;
  occupancy: number;
  rateId: string;
  comment: string;
  hasColor: boolean;
  color: string;
};

/** The marker of a check-out on or before check-in; the field shows the booking catalogue's text. */
export const stayOrderIssue = 'checkOutAfterCheckIn';

/** Rules that need the base data or several fields: stay order and the room type's persons. */
function checkStay(
  baseData: TBaseData,
  values: { checkIn: string; checkOut: string; roomTypeId: string; occupancy: number },
  context: z.RefinementCtx,
): void {
  if (values.checkOut <= values.checkIn) {
    context.addIssue({ code: 'custom', message: stayOrderIssue, path: ['checkOut'], input: values.checkOut });
  }
  const roomType = baseData.roomTypes.find((candidate) => candidate.id === values.roomTypeId);
  if (roomType && values.occupancy > roomType.maxOccupancy) {
    context.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: roomType.maxOccupancy,
      inclusive: true,
      path: ['occupancy'],
      input: values.occupancy,
    });
  }
}

/** The colour a picker starts with before the booking has one. */
export const defaultColor = '#3b82f6';

/** A colour picker always holds a colour; the checkbox says whether the booking keeps it. */
export function colorOf(values: { hasColor: boolean; color: string }): string | null {
  return values.hasColor ? values.color : null;
}

export const customerModes = ['existing', 'new'] as const;
export type TCustomerMode = (typeof customerModes)[number];

export type TCreateBookingFormValues = TStayFormValues & {
  customerMode: TCustomerMode;
  customerId: string | null;
  customer: { name: string; email: string; phone: string };
  source: string;
  status: 'pending' | 'confirmed';
};

export function createBookingFormSchema(baseData: TBaseData) {
  return z
    .object({
      ...stayShape,
      customerMode: z.enum(customerModes),
      customerId: ZId.nullable(),
      customer: z.object({
        name: z.string().trim().max(200),
        email: emptyTo(undefined, ZNewCustomer.shape.email),
        phone: emptyTo(undefined, ZNewCustomer.shape.phone),
      }),
      source: ZCreateBookingRequest.shape.source,
      status: ZCreateBookingRequest.shape.status,
    })
    .superRefine((values, context) => {
      checkStay(baseData, values, context);
      if (values.customerMode === 'existing' && !values.customerId) {
        context.addIssue({ code: 'custom', message: 'required', path: ['customerId'], input: null });
      }
      if (values.customerMode === 'new' && !values.customer.name) {
        context.addIssue({ code: 'custom', message: 'required', path: ['customer', 'name'], input: '' });
      }
    });
}

export type TEditBookingFormValues = TStayFormValues & {
  customerId: string | null;
  /** '' in the select: no group. */
  groupId: string;
  externalCode: string;
  isDebtor: boolean;
  isRoomFixed: boolean;
  isWorkStay: boolean;
};

export function editBookingFormSchema(baseData: TBaseData) {
  return z
    .object({
      ...stayShape,
      customerId: fields.customerId,
      groupId: emptyTo(null, fields.groupId),
      externalCode: emptyTo(null, fields.externalCode),
      isDebtor: fields.isDebtor,
      isRoomFixed: fields.isRoomFixed,
      isWorkStay: fields.isWorkStay,
    })
    .superRefine((values, context) => checkStay(baseData, values, context));
}
