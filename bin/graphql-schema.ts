// Writes the console's GraphQL schema as SDL: `npm run build` emits dist/schema.graphql, and
// `npm run schema:update` refreshes the committed schema.graphql (the web console's typed documents are
// generated from it; a test fails while it differs from what the resolvers build).
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { consoleSchemaSdl } from '../graphql/schema';

const program = new Command('graphql-schema')
  .description('Print or write the console GraphQL schema (SDL).')
  .option('--out <file>', 'write to this file instead of standard output')
  .action(async (opts: { out?: string }) => {
    const sdl = await consoleSchemaSdl();
    if (opts.out) writeFileSync(opts.out, sdl);
    else process.stdout.write(sdl);
  });

program.parseAsync().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
