// `svc evidence:verify <zip>`: checks an evidence pack offline (no database): the manifest, every digest, files
// present and absent, and the manifest's signature against a JWKS (a file, or fetched from a URL).
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { JWK } from 'jose';
import { verifyEvidencePack } from '../src/evidence/index';
import { loadConfig } from '../src/platform/index';
import { printJson } from './cli-kit';

/** The JWKS from a file path or an http(s) URL. */
async function readJwks(source: string): Promise<{ keys: JWK[] }> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const res = await fetch(source, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`the JWKS at ${source} answered ${res.status}`);
    text = await res.text();
  } else {
    text = await readFile(source, 'utf8');
  }
  const jwks = JSON.parse(text) as { keys?: unknown };
  if (!Array.isArray(jwks.keys)) throw new Error(`${source} is not a JWKS (no "keys" list)`);
  return jwks as { keys: JWK[] };
}

export function addEvidenceCommands(program: Command): void {
  program.command('evidence:verify')
    .description('Verify an evidence pack (GET /v1/cases/{caseId}/evidence): the manifest, every file\'s SHA-256 and size, files present and absent, '
      + 'and the manifest\'s detached JWS against the service\'s JWKS. Prints {"ok":true,"caseId","filesChecked","kid"}; '
      + 'otherwise names each failure on stderr and exits 1. Needs no database.')
    .argument('<zip>', 'the evidence pack')
    .option('--jwks <url|file>', 'the JWKS: a URL, or a file for offline checks (default: APP_URL/v1/oauth/jwks.json)')
    .option('--pretty', 'indent the JSON output for people (default: one line, for scripts)')
    .action(async (zip: string, o: { jwks?: string; pretty?: boolean }) => {
      const source = o.jwks ?? `${loadConfig(process.env).appUrl}/v1/oauth/jwks.json`;
      const result = await verifyEvidencePack(zip, await readJwks(source));
      if (!result.ok) {
        throw new Error(`the evidence pack ${zip} does not verify (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}):\n`
          + result.problems.map((p) => `  ${p}`).join('\n'));
      }
      printJson({ ok: true, caseId: result.caseId, filesChecked: result.filesChecked, kid: result.kid, jwks: source }, o.pretty === true);
    });
}
