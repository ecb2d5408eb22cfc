import { describe, expect, it } from 'vitest';
import {
  RoomRangeError,
  ZCreateRoomTypeRequest,
  ZCreateTaxRateRequest,
  expandRoomNumbers,
  maxRoomsPerRange,
  toBasisPoints,
  toPercentage,
} from './base-data.ts';

describe('expandRoomNumbers', () => {
  it('reads a single room number as one room', () => {
    expect(expandRoomNumbers('101')).toEqual(['101']);
    expect(expandRoomNumbers(' Suite 3 ')).toEqual(['Suite 3']);
  });

  it('creates every room of a range, both ends included', () => {
    expect(expandRoomNumbers('101-110')).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
      '108',
      '109',
      '110',
    ]);
    expect(expandRoomNumbers('8 - 11')).toEqual(['8', '9', '10', '11']);
  });

  it('keeps the leading zeros of the start', () => {
    expect(expandRoomNumbers('01-03')).toEqual(['01', '02', '03']);
    expect(expandRoomNumbers('098-101')).toEqual(['098', '099', '100', '101']);
  });

  it('keeps a letter prefix, written on one or both ends', () => {
    expect(expandRoomNumbers('A1-A3')).toEqual(['A1', 'A2', 'A3']);
    expect(expandRoomNumbers('A1-3')).toEqual(['A1', 'A2', 'A3']);
  });

  it('reads a range of one room as that room', () => {
    expect(expandRoomNumbers('5-5')).toEqual(['5']);
  });

  it('allows a range of the largest size', () => {
    expect(expandRoomNumbers(`1-${maxRoomsPerRange}`)).toHaveLength(maxRoomsPerRange);
  });

  it.each([
    ['a reversed range', '110-101'],
    ['a range of too many rooms', `1-${maxRoomsPerRange + 1}`],
    ['different prefixes', 'A1-B3'],
    ['a missing end', '101-'],
    ['letters after the digits', '1a-3a'],
    ['two dashes', '1-2-3'],
    ['an empty number', '  '],
  ])('refuses %s', (_case, input) => {
    expect(() => expandRoomNumbers(input)).toThrow(RoomRangeError);
  });

  it('names the error code the API answers with', () => {
    expect(() => expandRoomNumbers('9-1')).toThrow(expect.objectContaining({ code: 'room/invalid_range' }));
  });
});

describe('tax percentages', () => {
  it('converts between percent and basis points without float drift', () => {
    expect(toBasisPoints(10)).toBe(1000);
    expect(toBasisPoints(7.7)).toBe(770);
    expect(toBasisPoints(8.1)).toBe(810);
    expect(toPercentage(750)).toBe(7.5);
  });

  it('accepts at most two decimals between 0 and 100', () => {
    expect(ZCreateTaxRateRequest.safeParse({ name: 'MwSt', percentage: 7.75 }).success).toBe(true);
    expect(ZCreateTaxRateRequest.safeParse({ name: 'MwSt', percentage: 7.755 }).success).toBe(false);
    expect(ZCreateTaxRateRequest.safeParse({ name: 'MwSt', percentage: 101 }).success).toBe(false);
  });
});

describe('room type occupancy', () => {
  const roomType = { name: 'Doppelzimmer', code: 'DZ', capacity: 2 };

  it('needs the minimum occupancy not above the maximum', () => {
    expect(ZCreateRoomTypeRequest.safeParse({ ...roomType, minOccupancy: 1, maxOccupancy: 3 }).success).toBe(
      true,
    );
    expect(ZCreateRoomTypeRequest.safeParse({ ...roomType, minOccupancy: 2, maxOccupancy: 2 }).success).toBe(
      true,
    );
    const result = ZCreateRoomTypeRequest.safeParse({ ...roomType, minOccupancy: 3, maxOccupancy: 2 });
    expect(result.error?.issues[0]?.path).toEqual(['maxOccupancy']);
  });

  it('defaults the minimum occupancy to one', () => {
    expect(ZCreateRoomTypeRequest.parse({ ...roomType, maxOccupancy: 2 }).minOccupancy).toBe(1);
  });
});
