// Date filters of the wallet's lists.
import { sql } from 'drizzle-orm';

/** A bare date `to` means the whole day. */
export const dayEnd = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? sql`(${d}::date + 1)::timestamptz` : sql`${d}::timestamptz`);
