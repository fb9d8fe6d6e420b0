// A page of rows with the count of every row it was taken from, in one query: `count(*) over ()`
// beside the columns is computed before LIMIT and OFFSET. The history pages (transactions, slot
// sessions) asked the database twice per page, the rows and then the count; under load a round
// trip to PostgreSQL costs the server more than the page itself (docs/proof.md, load).
import { type SQL, sql } from 'drizzle-orm';

/** The column to select as `total` beside a page's columns. */
export const totalOver = (): SQL.Aliased<number> =>
  sql<number>`count(*) over ()`.mapWith(Number).as('total');

/**
 * The count a page's rows carry; a page past the end has no row to carry it, so `count` asks
 * (only then, and 0 without asking on the first page).
 */
export async function pageTotal(
  rows: ReadonlyArray<{ total: number }>,
  offset: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return offset > 0 ? count() : 0;
}
