import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { buildHttpApp } from '../../bin/http-app';
import { CONSOLE_COOKIE } from '../../graphql/session-cookie';
import { operatorActor } from '../../src/access/index';
import { type Clock, type Services } from '../../src/platform/index';
import { startMemberSession } from '../../src/sessions/index';
import { createMember, type MemberRole, type Tenant } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';

export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { data?: T | null; errors?: { message: string; path?: string[]; extensions: Record<string, unknown> & { code: string } }[] };
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
  role: MemberRole;
  tenant: Tenant;
}

let memberCounter = 0;

/**
 * The real HTTP app (REST, /graphql and /trpc, as bin/ mounts them) on an ephemeral loopback port; BASE_URL and APP_URL are that
 * address. Clients keep a cookie jar, as a browser does.
 */
export class ConsoleHarness {
  private constructor(
    readonly url: string,
    readonly svc: Services,
    private readonly server: Server,
    private readonly stopGraphql: () => Promise<void>,
  ) {}

  static async start(options: { config?: Partial<Services['config']>; clock?: Clock } = {}): Promise<ConsoleHarness> {
    const rt = await runtime();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const svc: Services = {
      ...rt.svc, config: { ...rt.svc.config, baseUrl: url, appUrl: url, ...options.config }, clock: options.clock ?? rt.svc.clock,
    };
    const http = await buildHttpApp(svc);
    server.on('request', http.app);
    return new ConsoleHarness(url, svc, server, () => http.stop());
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    await this.stopGraphql();
  }

  /** A fresh tenant: each test asserts only inside its own. */
  async tenant(name?: string): Promise<Tenant> {
    return newTenant(await runtime(), name);
  }

  /** A member of `tenant` (a fresh tenant when absent) with `role`, who can sign in with `password`. */
  async member(role: MemberRole, tenant?: Tenant, password = 'correct horse battery staple 42'): Promise<TestMember> {
    const t = tenant ?? (await this.tenant());
    const email = `${role}.${++memberCounter}.${t.id.slice(0, 8)}@console.example`;
    const m = await createMember(this.svc, operatorActor(t.id), { email, password, role, name: `${role} ${memberCounter}` });
    return { id: m.id, email, password, role, tenant: t };
  }

  /** A browser with no cookies. */
  browser(): ConsoleClient {
    return new ConsoleClient(this.url);
  }

  /**
   * A browser already signed in as a new member of `role` (of `tenant`, or a fresh tenant): the session
   * is started directly, so tests of other features do not depend on the sign-in mutation.
   */
  async signedIn(role: MemberRole, tenant?: Tenant): Promise<ConsoleClient & { member: TestMember }> {
    const member = await this.member(role, tenant);
    return this.signedInAs(member);
  }

  async signedInAs(member: TestMember): Promise<ConsoleClient & { member: TestMember }> {
    const session = await startMemberSession(this.svc, { kind: 'console', memberId: member.id });
    const client = new ConsoleClient(this.url);
    client.cookies.set(CONSOLE_COOKIE, session.token);
    return Object.assign(client, { member });
  }
}

/** A browser-like GraphQL client: JSON POSTs to /graphql with a cookie jar. */
export class ConsoleClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly url: string) {}

  /** POSTs an operation as the console does and returns the status, headers and parsed body. */
  async gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<GraphqlAnswer<T>> {
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.cookieHeader(), ...headers },
      body: JSON.stringify({ query, variables }),
    });
    this.keepCookies(res.headers);
    return { status: res.status, headers: res.headers, body: (await res.json()) as GraphqlAnswer<T>['body'] };
  }

  /** The data of an operation that must succeed (fails the test with the errors otherwise). */
  async data<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const answer = await this.gql<T>(query, variables);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).to.equal(undefined);
    expect(answer.status).to.equal(200);
    return answer.body.data as T;
  }

  /** The one error of an operation that must fail: its code, message and extensions. */
  async error(query: string, variables?: Record<string, unknown>): Promise<{ code: string; message: string; extensions: Record<string, unknown> }> {
    const answer = await this.gql(query, variables);
    expect(answer.body.errors, `expected an error, got ${JSON.stringify(answer.body.data)}`).to.be.an('array').with.lengthOf(1);
    const e = answer.body.errors![0]!;
    return { code: e.extensions.code, message: e.message, extensions: e.extensions };
  }

  cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  /** Applies Set-Cookie headers as a browser would (Max-Age=0 deletes). */
  keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/;\s*Max-Age=0(;|$)/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
