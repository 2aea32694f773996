#!/usr/bin/env node
// The operator CLI (`npx svc <command>`). Prints exactly one JSON object on stdout; errors go to
// stderr with exit code 1. Command names and outputs are a contract: operators script them.
import 'reflect-metadata';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DatabaseUnavailableError } from '../src/db/index';
import { createApiClient, registerConnector, revokeClient } from '../src/oauth/index';
import { ConfigError, createLogger, isDomainError, loadConfig, type Services } from '../src/platform/index';
import { createMember, createTenant, setFullParity } from '../src/tenants/index';
import { compose, prepareDatabases } from './compose';
import { seedDemoTenant } from './demo-seed';
import { CLI_EXTENSIONS } from './svc-extensions';
import { operatorActor, SERVICE_OPERATOR } from '../src/access/index';

type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Command {
  usage: string;
  options: Options;
  required: string[];
  run(svc: Services, values: Values): Promise<unknown>;
}

/** A command that needs neither the databases nor the services (a local tool); it prints its own output. */
export interface StandaloneCommand {
  usage: string;
  options: Options;
  required: string[];
  /** Resolves with the exit code. */
  standalone(values: Values): Promise<number>;
}

const str = (v: Values, k: string) => v[k] as string;
const bool = (v: Values, k: string): boolean => {
  const raw = v[k];
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new UsageError(`--${k} must be true or false`);
};

const COMMANDS: Record<string, Command | StandaloneCommand> = {
  'org:create': {
    usage: 'org:create --name N',
    options: { name: { type: 'string' } },
    required: ['name'],
    run: async (svc, v) => ({ orgId: (await createTenant(svc, SERVICE_OPERATOR, { name: str(v, 'name') })).id }),
  },
  'user:create': {
    usage: 'user:create --org ORG --email E --password P --role analyst|mlro|compliance_admin|admin',
    options: { org: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    required: ['org', 'email', 'password', 'role'],
    run: async (svc, v) => {
      const m = await createMember(svc, operatorActor(str(v, 'org')), { email: str(v, 'email'), password: str(v, 'password'), role: str(v, 'role'), name: (v.name as string) ?? null });
      return { userId: m.id };
    },
  },
  'client:create': {
    usage: 'client:create --org ORG --name N [--scopes "read:cases cases:write ..."]',
    options: { org: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' } },
    required: ['org', 'name'],
    run: (svc, v) => createApiClient(svc, operatorActor(str(v, 'org')), { name: str(v, 'name'), scopes: v.scopes as string | undefined }),
  },
  'client:revoke': {
    usage: 'client:revoke --client-id ID',
    options: { 'client-id': { type: 'string' } },
    required: ['client-id'],
    run: (svc, v) => revokeClient(svc, SERVICE_OPERATOR, { clientId: str(v, 'client-id') }),
  },
  'connector:register': {
    usage: 'connector:register --name N --redirect-uri URI [--redirect-uri URI ...] [--public]',
    options: { name: { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true }, public: { type: 'boolean' } },
    required: ['name', 'redirect-uri'],
    run: (svc, v) => registerConnector(svc, SERVICE_OPERATOR, { name: str(v, 'name'), redirectUris: v['redirect-uri'] as string[], public: v.public === true }),
  },
  'org:full-parity': {
    usage: 'org:full-parity --org ORG --entitled true|false --enabled true|false',
    options: { org: { type: 'string' }, entitled: { type: 'string' }, enabled: { type: 'string' } },
    required: ['org', 'entitled', 'enabled'],
    run: (svc, v) => setFullParity(svc, operatorActor(str(v, 'org')), { entitled: bool(v, 'entitled'), enabled: bool(v, 'enabled') }),
  },
  'demo:seed': {
    usage: 'demo:seed',
    options: {},
    required: [],
    run: (svc) => seedDemoTenant(svc),
  },
  ...CLI_EXTENSIONS,
};

class UsageError extends Error {}

function usage(): string {
  return ['Usage: svc <command> [options]', '', 'Commands:', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command "${name}".\n\n` : ''}${usage()}\n`);
    return 1;
  }
  let values: Values;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Values;
    const missing = command.required.filter((k) => values[k] === undefined);
    if (missing.length) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\nUsage: svc ${command.usage}\n`);
    return 1;
  }

  if ('standalone' in command) return command.standalone(values);
  const config = loadConfig(process.env);
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', process.stderr as never);
  await prepareDatabases(config, log);
  const runtime = await compose(config, { log });
  try {
    const result = await command.run(runtime.svc, values);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\nUsage: svc ${command.usage}\n`);
      return 1;
    }
    throw err;
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (isDomainError(err)) {
      const details = (err.extra.details as { path: string; message: string }[] | undefined) ?? [];
      process.stderr.write(`${err.code}: ${err.message}\n${details.slice(1).map((d) => `  ${d.path}: ${d.message}\n`).join('')}`);
    } else if (err instanceof ConfigError || err instanceof DatabaseUnavailableError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`svc failed: ${(err as Error)?.message ?? String(err)}\n`);
    }
    process.exit(1);
  },
);
