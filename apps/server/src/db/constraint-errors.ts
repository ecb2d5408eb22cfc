import { AppError, type TFieldError } from '../errors.ts';
import { errorChain } from './client.ts';

type TConstraintError = { code: AppError['code']; field?: TFieldError };

/**
 * Integrity violations the database reports, by constraint name, mapped to the error code whose rule
 * they enforce (and for a `validation` code the request field it judges). One static table, so any
 * process (a server, a job worker) maps them alike whatever modules it loaded.
 */
const constraintErrors: Record<string, TConstraintError> = {
  access_points_entrance_name_key: { code: 'access_point/already_exists' },
  api_keys_secret_key: {
    code: 'validation',
    field: { path: 'body/secret', message: 'choose another secret' },
  },
  cash_day_closes_date_key: { code: 'cash/day_closed' },
  cash_movements_day_closed: { code: 'cash/day_closed' },
  cash_registers_cash_box_key: {
    code: 'validation',
    field: { path: 'body/cashBoxId', message: 'another register of the property has this cash box id' },
  },
  cash_registers_name_key: { code: 'cash_register/already_exists' },
  cash_shifts_open_key: { code: 'cash/shift_open' },
  channels_name_key: { code: 'channel/already_exists' },
  contacts_email_key: { code: 'contact/already_exists' },
  contacts_erased: { code: 'privacy/contact_erased' },
  files_invoice_document: { code: 'file/invoice_document' },
  invoices_cancels_key: { code: 'invoice/invalid_transition' },
  invoices_issued_immutable: { code: 'invoice/immutable' },
  local_tax_levies_name_key: { code: 'local_tax/levy_already_exists' },
  local_tax_levy_versions_no_overlap: { code: 'local_tax/version_overlap' },
  properties_slug_key: { code: 'property/slug_already_exists' },
  rate_prices_key: { code: 'rate/price_already_configured' },
  rates_code_key: { code: 'rate/already_exists' },
  room_occupancies_no_overlap: { code: 'booking/overlap_detected' },
  room_types_code_key: { code: 'room_type/already_exists' },
  rooms_number_key: { code: 'room/already_exists' },
  setting_entries_key: { code: 'setting/already_exists' },
};

// SQLSTATEs that stand for one error code whatever the constraint: a reference to a record that is not
// there (or belongs to another property: the tenant keys); a lock or statement that timed out; a
// serialization failure or deadlock still there after the transaction's retries (try again later).
const stateCodes: Record<string, AppError['code']> = {
  '23503': 'not_found',
  '40001': 'unavailable',
  '40P01': 'unavailable',
  '55P03': 'unavailable',
  '57014': 'unavailable',
};

// A value the database cannot hold: SQLSTATE class 22 (data exception: a number out of range, a NUL
// character, an impossible date) or a check constraint. The contract's schemas refuse such values first,
// naming the field; this net only keeps one they missed from answering 500.
function isDataException(code: string | undefined): boolean {
  return code !== undefined && (/^22[0-9A-Z]{3}$/.test(code) || code === '23514');
}

function databaseError(error: unknown): AppError | null {
  for (const candidate of errorChain(error)) {
    const code = typeof candidate.code === 'string' ? candidate.code : undefined;
    const byConstraint =
      typeof candidate.constraint === 'string' ? constraintErrors[candidate.constraint] : undefined;
    if (byConstraint) {
      const { code: errorCode, field } = byConstraint;
      return new AppError(errorCode, field?.message, undefined, field ? [field] : undefined);
    }
    const byState = code ? stateCodes[code] : undefined;
    if (byState) return new AppError(byState);
    if (isDataException(code)) {
      return new AppError('validation', 'A value is out of range or holds characters that cannot be stored.');
    }
    // node-postgres' pool gives up waiting for a free connection with this error, which has no code.
    if (candidate instanceof Error && candidate.message === 'timeout exceeded when trying to connect') {
      return new AppError('unavailable');
    }
  }
  return null;
}

/** Finds the AppError behind an error, including database constraint violations. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  return databaseError(error);
}
