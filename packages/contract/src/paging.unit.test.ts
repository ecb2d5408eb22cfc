import { describe, expect, it } from 'vitest';
import { toPaged, ZPageQuery } from './paging.ts';

describe('toPaged', () => {
  it('wraps the first of several pages', () => {
    expect(toPaged(['a', 'b'], 5, { pageNumber: 1, pageSize: 2 })).toEqual({
      pageNumber: 1,
      pageSize: 2,
      count: 5,
      totalPages: 3,
      hasPreviousPage: false,
      hasNextPage: true,
      data: ['a', 'b'],
    });
  });

  it('knows the last page', () => {
    expect(toPaged(['e'], 5, { pageNumber: 3, pageSize: 2 })).toMatchObject({
      totalPages: 3,
      hasPreviousPage: true,
      hasNextPage: false,
    });
  });

  it('counts a full last page exactly', () => {
    expect(toPaged([], 30, { pageNumber: 2, pageSize: 15 })).toMatchObject({
      totalPages: 2,
      hasNextPage: false,
    });
  });

  it('has one empty page when there is nothing', () => {
    expect(toPaged([], 0, { pageNumber: 1, pageSize: 15 })).toMatchObject({
      count: 0,
      totalPages: 1,
      hasPreviousPage: false,
      hasNextPage: false,
      data: [],
    });
  });

  it('answers a page beyond the end with no next page', () => {
    expect(toPaged([], 3, { pageNumber: 4, pageSize: 15 })).toMatchObject({
      pageNumber: 4,
      totalPages: 1,
      hasPreviousPage: true,
      hasNextPage: false,
    });
  });
});

describe('ZPageQuery', () => {
  it('defaults to the first page of 15', () => {
    expect(ZPageQuery.parse({})).toEqual({ pageNumber: 1, pageSize: 15 });
  });

  it('reads numbers from query strings', () => {
    expect(ZPageQuery.parse({ pageNumber: '3', pageSize: '50' })).toEqual({ pageNumber: 3, pageSize: 50 });
  });

  it('refuses a page size above 100 and pages below 1', () => {
    expect(ZPageQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ pageNumber: '0' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ pageSize: '1.5' }).success).toBe(false);
  });
});
