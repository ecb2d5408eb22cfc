import { and, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export type TUserRow = typeof users.$inferSelect;

/** The live account with an e-mail address (given in lower case), in any case it was stored in. */
export async function selectUserByEmail(db: Executor, email: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}
