import { createConnection, type Connection } from 'mysql2/promise';
import { Client } from 'pg';

/** The database a MYSQL_URL or PG_URL names. */
export const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

/**
 * Real database faults for tests: an administrator's connections (no default database, so they are
 * never among the connections they kill) that kill the service's connections the way an operator, a
 * failover or a network fault would: `KILL` on MariaDB, `pg_terminate_backend` on PostgreSQL.
 */
export class DbFaults {
  private constructor(
    /** Also used to hold table locks (LOCK TABLES) so that a statement waits where a test wants it. */
    readonly mysql: Connection,
    private readonly pg: Client,
  ) {}

  static async open(): Promise<DbFaults> {
    const mysql = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    const pg = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await pg.connect();
    return new DbFaults(mysql, pg);
  }

  /** Ids of the MariaDB connections using database `db` (optionally only those in `state`). */
  async mysqlConnections(db: string, state?: string): Promise<number[]> {
    const [rows] = await this.mysql.query(
      `SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID() AND COMMAND <> 'Killed'${state ? ' AND STATE = ?' : ''}`,
      state ? [db, state] : [db],
    );
    return (rows as { id: number }[]).map((r) => Number(r.id));
  }

  /** KILLs these MariaDB connections (one already gone is fine). */
  async killMysql(ids: number[]): Promise<void> {
    for (const id of ids) await this.mysql.query(`KILL CONNECTION ${Number(id)}`).catch(() => undefined);
  }

  /** KILLs every MariaDB connection using database `db`; returns how many. */
  async killAllMysql(db: string): Promise<number> {
    const ids = await this.mysqlConnections(db);
    await this.killMysql(ids);
    return ids.length;
  }

  /** Terminates every PostgreSQL backend connected to database `datname`; returns how many. */
  async killAllPg(datname: string): Promise<number> {
    const { rows } = await this.pg.query<{ ok: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [datname],
    );
    return rows.filter((r) => r.ok).length;
  }

  /** Waits (bounded) until a connection of `db` waits in `state`, other than those in `except`; returns its id. */
  async waitForMysqlState(db: string, state: string, except: number[] = [], timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const id = (await this.mysqlConnections(db, state)).find((c) => !except.includes(c));
      if (id !== undefined) return id;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for a connection of ${db} in state "${state}"`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async close(): Promise<void> {
    await this.mysql.end().catch(() => undefined);
    await this.pg.end().catch(() => undefined);
  }
}
