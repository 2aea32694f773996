import { Client } from 'pg';
import { DatabaseUnavailableError } from '../src/db/index';

/** Creates the queue's PostgreSQL database when missing (graphile-worker installs its own schema in it). */
export async function ensurePgDatabase(pgUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(pgUrl).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,63}$/.test(name)) throw new Error(`PG_URL must name a database of letters, digits and underscores (got "${name}")`);
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (err) {
    throw new DatabaseUnavailableError('PG_URL', pgUrl, err);
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (err) {
        // Another process created it between our check and our CREATE.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

/** Drops the queue database (tests). */
export async function dropPgDatabase(pgUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(pgUrl).pathname.replace(/^\//, ''));
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
