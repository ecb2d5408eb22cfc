/** Every error code the API answers with, and the HTTP status it carries. One table, used by server and web. */
export const errorStatus = {
  validation: 400,
  unknown: 500,
  general: 400,
  'auth/unauthenticated': 401,
  'auth/invalid_credentials': 401,
  'auth/password_change_required': 403,
  'auth/forbidden': 403,
  'auth/xsrf_invalid': 403,
  'auth/too_many_attempts': 429,
  'auth/wrong_password': 404,
  not_found: 404,
  unavailable: 503,
  'file/too_large': 413,
  'file/type_not_allowed': 415,
  'file/link_invalid': 403,
  'property/user_already_assigned': 409,
  'property/slug_already_exists': 409,
  'property/not_member': 404,
  'user/cannot_remove_self': 400,
  'user/last_admin': 409,
  'setting/already_exists': 409,
  'contact/already_exists': 409,
  'rate/no_matching_price': 400,
  'rate/price_already_configured': 409,
  'rate/price_invalid_occupancy': 400,
  'rate/already_exists': 409,
  'folio/customer_address_incomplete': 400,
  'folio/payments_posted': 409,
  'booking/read_only': 409,
  'booking/invalid_dates': 400,
  'booking/overlap_detected': 409,
  'booking/overlaps_detected': 409,
  'booking/failed_assignment': 400,
  'booking/invalid_transition': 409,
  'booking/room_fixed': 409,
  'booking/occupancy_exceeds_room': 400,
  'room/already_exists': 409,
  'room/invalid_range': 400,
  'room_type/already_exists': 409,
  'room_lock/overlap_detected': 409,
  'room_lock/invalid_dates': 400,
  'base_data/in_use': 409,
} as const;

export type TErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as TErrorCode[];

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && value in errorStatus;
}
