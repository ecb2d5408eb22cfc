import { describe, expect, it } from 'vitest';
import { toAppError } from './constraint-errors.ts';

/** A database error as the drivers raise it: an Error with the SQLSTATE in `code`. */
function databaseError(code: string, constraint?: string): Error {
  return Object.assign(new Error(`SQLSTATE ${code}`), { code, constraint });
}

describe('toAppError', () => {
  it('answers a deadlock or serialization failure left after the retries as unavailable, never unknown', () => {
    expect(toAppError(databaseError('40P01'))).toMatchObject({ code: 'unavailable', status: 503 });
    expect(toAppError(databaseError('40001'))).toMatchObject({ code: 'unavailable', status: 503 });
    expect(toAppError(new Error('wrapped', { cause: databaseError('40P01') }))).toMatchObject({
      code: 'unavailable',
    });
  });

  it('maps a constraint by its name before its SQLSTATE, and leaves other errors alone', () => {
    expect(toAppError(databaseError('23P01', 'room_occupancies_no_overlap'))).toMatchObject({
      code: 'booking/overlap_detected',
    });
    expect(toAppError(databaseError('23503'))).toMatchObject({ code: 'not_found' });
    expect(toAppError(new Error('something else'))).toBeNull();
  });
});
