// `npm run bench -- <scenario>`: each scenario prints its figures and ratios against a baseline
// measured in the same run.
import 'reflect-metadata';
import { createBench } from './create';
import { pullBench } from './pull';

const SCENARIOS: Record<string, () => Promise<void>> = {
  pull: pullBench,
  create: createBench,
};

const name = process.argv[2] ?? '';
const scenario = SCENARIOS[name];
if (!scenario) {
  process.stderr.write(`Usage: npm run bench -- <${Object.keys(SCENARIOS).join('|')}>\n`);
  process.exit(1);
}
scenario().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench ${name} failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
