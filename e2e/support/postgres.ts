import pg from 'pg';

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs statements one by one on the server's maintenance database (CREATE/DROP DATABASE cannot share a transaction). */
export async function adminExec(url: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}
