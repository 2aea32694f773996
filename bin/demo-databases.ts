import { DEFAULT_MYSQL_URL, DEFAULT_PG_URL, type Env } from '../src/platform/index';

/**
 * The demo's databases. Unless MYSQL_URL or PG_URL is set, the demo uses databases of its own (`svc_demo` on the
 * default servers) rather than `npm start`'s: a service running beside it would otherwise share its job queue, and
 * that service's worker would take the demo's deliveries (without trusting the demo receiver's CA). A URL set in the
 * environment is used as given: whoever sets it chose to.
 */
export function demoDatabaseEnv(env: Env): { MYSQL_URL: string; PG_URL: string } {
  return {
    MYSQL_URL: env.MYSQL_URL || withDatabase(DEFAULT_MYSQL_URL, 'svc_demo'),
    PG_URL: env.PG_URL || withDatabase(DEFAULT_PG_URL, 'svc_demo'),
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
