import { z } from 'zod';

export const ZVersion = z.object({
  name: z.string(),
  version: z.string(),
  environment: z.string(),
  database: z.enum(['pglite', 'postgres']),
});
export type TVersion = z.infer<typeof ZVersion>;
