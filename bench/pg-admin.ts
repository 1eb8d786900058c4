// One statement on a PostgreSQL database with its own short-lived connection (the benches'
// create/drop of their databases and their counts).
import pg from 'pg';

export async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}
