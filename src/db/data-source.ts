import { join } from 'node:path';
import { DataSource, type DataSourceOptions, MigrationExecutor } from 'typeorm';
import { redactUrl } from '../config';
import { SnakeNamingStrategy } from './naming';

/** Compiled migrations (forward-only SQL in migrations/). */
const MIGRATIONS_GLOB = join(__dirname, '..', '..', 'migrations', '*.js');

/** The domain database over the given entities (bin/entities.ts). Never synchronize: the schema changes only through migrations. */
export function createDataSource(mysqlUrl: string, entities: DataSourceOptions['entities'], poolSize = 10): DataSource {
  return new DataSource({
    type: 'mysql',
    url: mysqlUrl,
    entities,
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: 'schema_migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    supportBigNumbers: true,
    bigNumberStrings: false,
    poolSize,
    logging: false,
    // mysql2 captures a stack trace (Error.captureStackTrace) on every statement, to show the caller if it
    // fails; TypeORM's QueryFailedError is raised inside the awaiting function, so its stack names the caller
    // anyway. Off: a few microseconds of every statement.
    extra: { trace: false },
  });
}

/** Raised when a database cannot be reached or prepared; its message is one line for an operator. */
export class DatabaseUnavailableError extends Error {
  constructor(variable: string, url: string, cause: unknown) {
    const reason = (cause as { code?: string; message?: string })?.code ?? (cause as Error)?.message ?? String(cause);
    super(`${variable}: cannot reach the database at ${redactUrl(url)} (${reason})`);
    this.name = 'DatabaseUnavailableError';
  }
}

function databaseName(mysqlUrl: string): string {
  const name = decodeURIComponent(new URL(mysqlUrl).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new Error(`MYSQL_URL must name a database of letters, digits and underscores (got "${name}")`);
  return name;
}

/** Creates the MySQL database when missing. */
export async function ensureMysqlDatabase(mysqlUrl: string): Promise<void> {
  const name = databaseName(mysqlUrl);
  const server = new URL(mysqlUrl);
  server.pathname = '/';
  const ds = new DataSource({ type: 'mysql', url: server.toString(), poolSize: 1, logging: false });
  try {
    await ds.initialize();
  } catch (err) {
    throw new DatabaseUnavailableError('MYSQL_URL', mysqlUrl, err);
  }
  try {
    await ds.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await ds.destroy();
  }
}

/** Drops a MySQL database (tests). */
export async function dropMysqlDatabase(mysqlUrl: string): Promise<void> {
  const name = databaseName(mysqlUrl);
  const server = new URL(mysqlUrl);
  server.pathname = '/';
  const ds = new DataSource({ type: 'mysql', url: server.toString(), poolSize: 1, logging: false });
  await ds.initialize();
  try {
    await ds.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await ds.destroy();
  }
}

/** Connects, turning a refused connection into an operator-readable DatabaseUnavailableError. */
export async function connectDataSource(db: DataSource, mysqlUrl: string): Promise<DataSource> {
  try {
    return await db.initialize();
  } catch (err) {
    throw new DatabaseUnavailableError('MYSQL_URL', mysqlUrl, err);
  }
}

/**
 * Applies pending migrations. A MySQL named lock serialises processes that start together
 * (several API processes and workers against one database); the migrations run on the connection
 * that holds the lock.
 */
export async function runMigrations(db: DataSource): Promise<string[]> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ got }] = await runner.query(`SELECT GET_LOCK('svc_schema_migrations', 60) AS got`);
    if (Number(got) !== 1) throw new Error('Timed out waiting for another process to finish migrating the database.');
    try {
      const executor = new MigrationExecutor(db, runner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      return applied.map((m) => m.name);
    } finally {
      await runner.query(`SELECT RELEASE_LOCK('svc_schema_migrations')`);
    }
  } finally {
    await runner.release();
  }
}
