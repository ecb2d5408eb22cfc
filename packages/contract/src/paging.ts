import { z } from 'zod';
import { maxInteger } from './common.ts';
import { defaultPageSize, maxPageSize } from './page-sizes.ts';

export const ZPageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(maxInteger).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The paged list shape every list endpoint answers with. */
export function ZPaged<T extends z.ZodType>(item: T) {
  return z.object({
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    count: z.number().int(),
    totalPages: z.number().int(),
    hasPreviousPage: z.boolean(),
    hasNextPage: z.boolean(),
    data: z.array(item),
  });
}

export type TPaged<T> = {
  pageNumber: number;
  pageSize: number;
  count: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  data: T[];
};

/** Wraps one page of rows with the paging figures. */
export function toPaged<T>(data: T[], count: number, page: TPageQuery): TPaged<T> {
  const totalPages = Math.max(1, Math.ceil(count / page.pageSize));
  return {
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    count,
    totalPages,
    hasPreviousPage: page.pageNumber > 1,
    hasNextPage: page.pageNumber < totalPages,
    data,
  };
}
