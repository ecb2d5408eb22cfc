// Plain numbers without zod: the web app's first screen reads the stored page size before any schema
// loads. ZPageQuery is in paging.ts.

/** The page sizes a list offers. */
export const pageSizes = [15, 25, 50, 100] as const;
export type TPageSize = (typeof pageSizes)[number];
export const defaultPageSize = 15;
export const maxPageSize = 100;
