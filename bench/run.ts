#!/usr/bin/env node
// `npm run bench -- <scenario> [args]`: one small switch; each scenario is a module exporting `run(args)`.
import 'reflect-metadata';
import * as webhooks from './webhooks';

const SCENARIOS: Record<string, { run(args: string[]): Promise<void> }> = {
  webhooks,
};

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const scenario = name ? SCENARIOS[name] : undefined;
  if (!scenario) {
    process.stderr.write(`Usage: npm run bench -- <${Object.keys(SCENARIOS).join('|')}>\n`);
    process.exit(1);
  }
  await scenario.run(args);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
