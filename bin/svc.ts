#!/usr/bin/env node
// The operator CLI (`npx svc <command>`; commands in svc-program.ts). Prints exactly one JSON object on
// stdout (lists as {"data":[...]}; --pretty indents it); errors go to stderr with exit code 1 and
// nothing on stdout. `svc --help` and `svc <command> --help` print help on stdout, exit 0.
import 'reflect-metadata';
import { CommanderError } from 'commander';
import { DatabaseUnavailableError } from '../src/db/index';
import { ConfigError, isDomainError } from '../src/platform/index';
import { buildProgram } from './svc-program';

/** Resolves with the exit code: 0, or 1 for misuse (commander has written the message to stderr). */
async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 1;
    throw err;
  }
}

main(process.argv.slice(2)).then(
  // A command that printed its result may still fail its check (audit:verify of a broken chain sets exitCode 1).
  (code) => process.exit(code === 0 && process.exitCode === 1 ? 1 : code),
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
