import { sql } from 'drizzle-orm';
import { foreignKey, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const recordTimes = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  deletedAt: timestamptz('deleted_at'),
};

/** id, createdAt, updatedAt, deletedAt: the fields every record carries. */
export const recordFields = {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  ...recordTimes,
};

/**
 * The same fields of a property's record, whose primary key is (property_id, id): the table declares it
 * with its property (decision 184).
 */
export const tenantRecordFields = {
  id: uuid('id')
    .notNull()
    .default(sql`gen_random_uuid()`),
  ...recordTimes,
};

/**
 * A reference to a record of the same property: (property_id, <column>) to the target's primary key
 * (property_id, id), so that no row refers to another property's record.
 */
export function sameProperty(
  name: string,
  propertyId: AnyPgColumn,
  column: AnyPgColumn,
  target: { propertyId: AnyPgColumn; id: AnyPgColumn },
) {
  return foreignKey({ name, columns: [propertyId, column], foreignColumns: [target.propertyId, target.id] });
}
