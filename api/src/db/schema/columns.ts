// Column helpers every schema module shares.
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary content (an expense's bill); node-postgres reads and writes it as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};
