// The operator CLI's commands (`npx svc <command>`, entry point svc.ts), on commander. Command names,
// options and outputs are a contract: operators script them.
import { Command, Option } from 'commander';
import { SERVICE_OPERATOR } from '../src/access/index';
import { DEFAULT_CLIENT_SCOPES, createApiClient, listApiClients, registerConnector, revokeClient } from '../src/oauth/index';
import { SCOPES } from '../src/access/index';
import { MEMBER_ROLES, createMember, createTenant, listMembers, setFullParity } from '../src/tenants/index';
import { addPrettyOption, collect, operatorOf, readStdin, runs, serviceCommand, trueOrFalse, wholeNumber } from './cli-kit';
import { seedDemoTenant } from './demo-seed';
import { listKeptMail, showKeptMail } from '../src/mail/index';
import { signAuditHead, verifyAuditLog } from '../src/audit-seal/index';
import { addWebhookCommands } from './svc-extensions';
import { addWatchlistCommands } from './svc-watchlist';
import { addEvidenceCommands } from './svc-evidence';

/** The program with every command; parse with `parseAsync(argv, { from: 'user' })`. */
export function buildProgram(): Command {
  const program = new Command('svc')
    .description('Operator CLI of the compliance onboarding service. Uses the service\'s configuration (MYSQL_URL, PG_URL, ...) and applies pending migrations first.')
    .usage('<command> [options]')
    .showSuggestionAfterError()
    .showHelpAfterError()
    .exitOverride()
    .addHelpText('after', [
      '',
      'Every command prints exactly one JSON object on stdout (lists as {"data":[...]}); --pretty indents it.',
      'Errors go to stderr with exit code 1. `svc <command> --help` describes a command\'s options.',
    ].join('\n'));

  serviceCommand(program, 'org:create', 'Create an organisation (a tenant). Prints {"orgId"}.')
    .requiredOption('--name <name>', 'display name of the organisation')
    .action(runs(async (svc, o: { name: string }) => ({ orgId: (await createTenant(svc, SERVICE_OPERATOR, { name: o.name })).id })));

  serviceCommand(program, 'org:full-parity', 'Grant or withdraw an organisation\'s full-parity entitlement; a compliance admin then switches egress on in the console (withdrawing also switches it off). Prints {"orgId","fullParityEntitled","fullParityEnabled"}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .requiredOption('--entitled <true|false>', 'whether the organisation may use full-parity egress', trueOrFalse)
    .action(runs(async (svc, o: { org: string; entitled: boolean }) => {
      const s = await setFullParity(svc, await operatorOf(svc, o.org), { entitled: o.entitled });
      return { orgId: s.orgId, fullParityEntitled: s.fullParityEntitled, fullParityEnabled: s.fullParityEnabled };
    }));

  serviceCommand(program, 'user:create', 'Add a member who signs in to the console and consents to connectors. Prints {"userId"}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .requiredOption('--email <email>', 'sign-in email, unique across the service')
    .option('--password <password>', 'sign-in password, at least 12 characters (visible in shell history: prefer --password-stdin)')
    .addOption(new Option('--password-stdin', 'read the password from standard input (one trailing line break is dropped)').conflicts('password'))
    .requiredOption('--role <role>', `one of ${MEMBER_ROLES.join(', ')}`)
    .option('--name <name>', 'display name')
    .hook('preAction', async (command) => {
      const o = command.opts<{ password?: string; passwordStdin?: boolean }>();
      if (o.passwordStdin) command.setOptionValue('password', await readStdin());
      else if (o.password === undefined) command.error("error: required option '--password <password>' or '--password-stdin' not specified");
    })
    .action(runs(async (svc, o: { org: string; email: string; password: string; role: string; name?: string }) => {
      const m = await createMember(svc, await operatorOf(svc, o.org), { email: o.email, password: o.password, role: o.role, name: o.name ?? null });
      return { userId: m.id };
    }));

  serviceCommand(program, 'user:list', 'List an organisation\'s members, oldest first. Prints {"data":[{"userId","email","name","role","createdAt"}]}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .action(runs(async (svc, o: { org: string }) => ({ data: await listMembers(svc, await operatorOf(svc, o.org)) })));

  serviceCommand(program, 'client:create', 'Mint pull-API credentials (client credentials grant). Prints {"clientId","clientSecret","scopes","mode"}; the secret is shown only here.')
    .requiredOption('--org <orgId>', 'the organisation')
    .requiredOption('--name <name>', 'a name for the client, such as the CRM it serves')
    .option('--scopes <scopes>', `space- or comma-separated scopes out of ${SCOPES.join(' ')} (default: ${DEFAULT_CLIENT_SCOPES.join(' ')})`)
    .option('--test', 'test credentials (client id test_…): they see and make the organisation\'s test data only')
    .action(runs(async (svc, o: { org: string; name: string; scopes?: string; test?: boolean }) =>
      createApiClient(svc, await operatorOf(svc, o.org), { name: o.name, scopes: o.scopes, mode: o.test ? 'test' : 'live' })));

  serviceCommand(program, 'client:list', 'List an organisation\'s pull-API clients that are not revoked, oldest first. Prints {"data":[{"clientId","name","scopes","mode","createdAt","lastUsedAt","expiresAt","previousSecretExpiresAt","createdBy"}]}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .action(runs(async (svc, o: { org: string }) => ({ data: await listApiClients(svc, await operatorOf(svc, o.org)) })));

  serviceCommand(program, 'client:revoke', 'Revoke a client: its tokens stop working at their next call. Prints {"revoked":true}.')
    .requiredOption('--client-id <clientId>', 'the client to revoke')
    .action(runs((svc, o: { clientId: string }) => revokeClient(svc, SERVICE_OPERATOR, { clientId: o.clientId })));

  serviceCommand(program, 'mail:list', 'List the mail an organisation\'s customers and members were sent while SMTP_URL is unset (kept locally), newest first. Prints {"data":[{"id","to","subject","createdAt"}]}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .option('--limit <n>', 'how many, 1 to 200 (default 20)', wholeNumber)
    .action(runs(async (svc, o: { org: string; limit?: number }) => {
      return { data: await listKeptMail(svc, await operatorOf(svc, o.org), o.limit ?? 20) };
    }));

  serviceCommand(program, 'mail:show', 'Show one kept mail decoded: its text and every link in it (magic links, set-password links). Prints {"id","to","from","subject","createdAt","text","links"}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .requiredOption('--id <id>', 'the mail, from mail:list', wholeNumber)
    .action(runs(async (svc, o: { org: string; id: number }) => {
      return showKeptMail(svc, await operatorOf(svc, o.org), o.id);
    }));

  serviceCommand(program, 'connector:register', 'Register an AI-assistant connector (OAuth authorization code with PKCE). Prints {"clientId","clientSecret"} (null secret for a public client).')
    .requiredOption('--name <name>', 'the name members see on the consent screen')
    .requiredOption('--redirect-uri <uri>', 'an allowed redirect URI, matched exactly (repeat the option for several)', collect)
    .option('--public', 'a public client (no secret; PKCE only), such as a desktop app')
    .action(runs((svc, o: { name: string; redirectUri: string[]; public?: boolean }) =>
      registerConnector(svc, SERVICE_OPERATOR, { name: o.name, redirectUris: o.redirectUri, public: o.public === true })));

  serviceCommand(program, 'demo:seed', 'Create a demo organisation with an analyst and an API client. Prints their credentials.')
    .action(runs((svc) => seedDemoTenant(svc)));

  serviceCommand(program, 'audit:verify', 'Verify an organisation\'s audit chain: every entry\'s hash and link, and that the latest signed head is still on it. Prints {"valid","entries","headSeq","headHash","broken":{"seq","problem","message"}|null,"signedHead"}; exit code 1 when broken.')
    .requiredOption('--org <orgId>', 'the organisation')
    .action(async (o: { org: string; pretty?: boolean }) => {
      let valid = true;
      await runs(async (svc, opts: { org: string }) => {
        const v = await verifyAuditLog(svc, await operatorOf(svc, opts.org));
        valid = v.valid;
        return v;
      })(o);
      if (!valid) process.exitCode = 1;
    });

  serviceCommand(program, 'audit:sign', 'Sign an organisation\'s audit chain head now with the service key (the worker also does daily). Prints {"seq","hash","jws","signedAt","signedNow"}, or null for an empty log.')
    .requiredOption('--org <orgId>', 'the organisation')
    .action(runs(async (svc, o: { org: string }) => signAuditHead(svc, await operatorOf(svc, o.org))));

  addWebhookCommands(program);
  addWatchlistCommands(program);
  addEvidenceCommands(program);
  addPrettyOption(program);
  return program;
}
