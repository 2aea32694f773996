#!/usr/bin/env node
// `npm run bench -- <scenario>`: a small switch over the benchmark scripts in bench/.
import 'reflect-metadata';
import { createBench } from './create';
import { pullBench } from './pull';
import { run as token } from './token';

const SCENARIOS: Record<string, () => Promise<void>> = {
  token,
  pull: pullBench,
  create: createBench,
};

async function main(): Promise<void> {
  const name = process.argv[2];
  const scenario = name ? SCENARIOS[name] : undefined;
  if (!scenario) {
    process.stderr.write(`Usage: npm run bench -- <scenario>\nScenarios: ${Object.keys(SCENARIOS).join(', ')}\n`);
    process.exit(1);
  }
  await scenario();
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
