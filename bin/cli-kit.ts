// What every `svc` command shares: the output contract (exactly one JSON object on stdout, `--pretty`
// indents it), the services a command runs against, and option parsers. svc.ts and svc-extensions.ts
// both build on it, so neither imports the other.
import { InvalidArgumentError, type Command } from 'commander';
import { operatorActor, type OperatorActor } from '../src/access/index';
import { createLogger, loadConfig, type Services } from '../src/platform/index';
import { getTenant } from '../src/tenants/index';
import { compose, prepareDatabases } from './compose';

/** The operator acting on one tenant; not_found when no such tenant exists (a mistyped --org). */
export async function operatorOf(svc: Services, orgId: string): Promise<OperatorActor> {
  await getTenant(svc, orgId);
  return operatorActor(orgId);
}

/** Prints a command's result: one line for scripts, indented with --pretty. */
export function printJson(result: unknown, pretty = false): void {
  process.stdout.write(`${JSON.stringify(result, null, pretty ? 2 : undefined)}\n`);
}

/** Runs `fn` against the configured databases (pending migrations applied first), then closes them. */
export async function withServices<T>(fn: (svc: Services) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', process.stderr as never);
  await prepareDatabases(config, log);
  const runtime = await compose(config, { log });
  try {
    return await fn(runtime.svc);
  } finally {
    await runtime.close();
  }
}

const serviceCommands = new WeakSet<Command>();

/** Adds a command that works on the service's data; its action (see `runs`) prints one JSON object. */
export function serviceCommand(parent: Command, name: string, description: string): Command {
  const command = parent.command(name).description(description);
  serviceCommands.add(command);
  return command;
}

/** Gives every service command of `program` its --pretty option, after the command's own options. */
export function addPrettyOption(program: Command): void {
  for (const command of program.commands.filter((c) => serviceCommands.has(c))) {
    command.option('--pretty', 'indent the JSON output for people (default: one line, for scripts)');
  }
}

/** The action of a service command: runs against the databases and prints the result. */
export function runs<O extends object>(fn: (svc: Services, options: O) => Promise<unknown>): (options: O & { pretty?: boolean }) => Promise<void> {
  return async (options) => printJson(await withServices((svc) => fn(svc, options)), options.pretty === true);
}

/** Option parser: a whole number (ports, limits, ids). */
export function wholeNumber(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new InvalidArgumentError('Must be a whole number.');
  return Number(raw);
}

/** Option parser: `true` or `false`. */
export function trueOrFalse(raw: string): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new InvalidArgumentError('Must be true or false.');
}

/** Option parser for repeatable options: collects every value given. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** All of standard input, less one trailing line break (`printf %s "$PW" | svc ...` or `< file`). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
