// Statements on the PostgreSQL server of TEST_DATABASE_URL that no pooled connection may run
// (creating and dropping databases), each on a connection of its own.
import pg from 'pg';

/** The same server URL with another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The names of the server's databases LIKE `pattern`. */
export async function databases(url: string, pattern: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern])).rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}
