// CLI commands contributed by feature issues (webhooks). Kept apart from svc.ts so that each feature adds
// its commands here without touching the frame; both build on cli-kit.ts.
import { Option, type Command } from 'commander';
import {
  DELIVERY_STATES, createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, pauseWebhookEndpoint,
  RECOVERABLE_STATES, recoverWebhookDeliveries, redeliverWebhook, resumeWebhookEndpoint, testWebhookEndpoint, type DeliveryState,
} from '../src/webhooks/index';
import { LimitSchema } from '../src/pagination/index';
import { operatorOf, runs, serviceCommand, wholeNumber } from './cli-kit';
import { listenForWebhooks } from './webhook-listen';

/** Webhooks: endpoints, the delivery log, redelivery, and a local receiver to try them with. */
export function addWebhookCommands(program: Command): void {
  const endpointCommand = (name: string, description: string) =>
    serviceCommand(program, name, description).requiredOption('--org <orgId>', 'the organisation').requiredOption('--endpoint <endpointId>', 'the endpoint');

  serviceCommand(program, 'webhook:create', 'Register a webhook endpoint. Prints {"endpointId","secret"}; the secret is shown only here.')
    .requiredOption('--org <orgId>', 'the organisation')
    .requiredOption('--url <url>', 'the receiver, https only; private and loopback addresses are refused')
    .option('--secret <secret>', 'the signing secret (default: 64 random hex characters)')
    .option('--events <types>', 'comma-separated event types to deliver (default: every type, including ones added later)')
    .option('--label <label>', 'a label for people')
    .option('--paused', 'create it paused (events are recorded as skipped_paused until resumed)')
    .action(runs(async (svc, o: { org: string; url: string; secret?: string; events?: string; label?: string; paused?: boolean }) => {
      const created = await createWebhookEndpoint(svc, await operatorOf(svc, o.org), {
        url: o.url, secret: o.secret ?? null, label: o.label,
        eventTypes: o.events === undefined ? null : o.events.split(',').map((e) => e.trim()).filter(Boolean),
        status: o.paused === true ? 'paused' : 'active',
      });
      return { endpointId: created.endpoint.endpointId, secret: created.secret };
    }));

  serviceCommand(program, 'webhook:list', 'List an organisation\'s endpoints, oldest first, without secrets. Prints {"data":[{"endpointId","url","label","eventTypes","status","createdAt","updatedAt"}]}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .action(runs(async (svc, o: { org: string }) => ({ data: await listWebhookEndpoints(svc, await operatorOf(svc, o.org)) })));

  endpointCommand('webhook:pause', 'Pause an endpoint: events meanwhile are recorded as skipped_paused, not sent. Prints the endpoint.')
    .action(runs(async (svc, o: { org: string; endpoint: string }) => pauseWebhookEndpoint(svc, await operatorOf(svc, o.org), { endpointId: o.endpoint })));

  endpointCommand('webhook:resume', 'Resume a paused endpoint (nothing skipped is replayed). Prints the endpoint.')
    .action(runs(async (svc, o: { org: string; endpoint: string }) => resumeWebhookEndpoint(svc, await operatorOf(svc, o.org), { endpointId: o.endpoint })));

  endpointCommand('webhook:delete', 'Delete an endpoint: its pending deliveries fail, its delivery log stays. Prints {"deleted":true}.')
    .action(runs(async (svc, o: { org: string; endpoint: string }) => deleteWebhookEndpoint(svc, await operatorOf(svc, o.org), { endpointId: o.endpoint })));

  endpointCommand('webhook:test', 'Send a signed ping to a saved endpoint. Prints {"ok","httpStatus","error","body","durationMs","eventId"}.')
    .action(runs(async (svc, o: { org: string; endpoint: string }) => testWebhookEndpoint(svc, await operatorOf(svc, o.org), { endpointId: o.endpoint })));

  serviceCommand(program, 'webhook:deliveries', 'Recent deliveries, newest first, with their attempts, payload and responses. Prints {"data":[...],"nextCursor","hasMore"}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .option('--endpoint <endpointId>', 'only this endpoint\'s deliveries')
    .addOption(new Option('--state <state>', 'only deliveries in this state').choices(DELIVERY_STATES))
    .option('--event-type <type>', 'only this event type')
    .option('--limit <n>', LimitSchema.description!, wholeNumber)
    .option('--cursor <cursor>', 'the nextCursor of the previous page')
    .action(runs(async (svc, o: { org: string; endpoint?: string; state?: DeliveryState; eventType?: string; limit?: number; cursor?: string }) =>
      listWebhookDeliveries(svc, await operatorOf(svc, o.org), { endpointId: o.endpoint, state: o.state, eventType: o.eventType, limit: o.limit, cursor: o.cursor })));

  serviceCommand(program, 'webhook:redeliver', 'Make one new attempt of a delivery (same bytes and event id), also while its endpoint is paused. Prints {"deliveryId","state":"pending","notice"}.')
    .requiredOption('--org <orgId>', 'the organisation')
    .requiredOption('--delivery <deliveryId>', 'the delivery, from webhook:deliveries', wholeNumber)
    .action(runs(async (svc, o: { org: string; delivery: number }) => redeliverWebhook(svc, await operatorOf(svc, o.org), { deliveryId: o.delivery })));

  endpointCommand('webhook:recover', 'Recover since: send again every failed or skipped delivery of an endpoint since a time, in event order, 20 per second. Prints {"recovered","remaining","lastDueAt"}.')
    .requiredOption('--since <time>', 'ISO 8601 date-time: deliveries of events from then on')
    .option('--states <states>', `comma-separated, of ${RECOVERABLE_STATES.join(', ')} (default both)`)
    .action(runs(async (svc, o: { org: string; endpoint: string; since: string; states?: string }) => recoverWebhookDeliveries(svc, await operatorOf(svc, o.org), {
      endpointId: o.endpoint, since: o.since, states: o.states?.split(',').map((x) => x.trim()).filter(Boolean),
    })));

  // A local tool: no database; it prints one JSON line per verified delivery until SIGINT or SIGTERM.
  program.command('webhook:listen')
    .description('Run a local HTTPS receiver that verifies signatures and prints one JSON line per verified delivery (no database needed).')
    .requiredOption('--port <port>', 'port on 127.0.0.1 (0: any free port)', wholeNumber)
    .requiredOption('--secret <secret>', 'the endpoint\'s signing secret')
    .option('--status <status>', 'HTTP status to answer verified deliveries with; 500 shows the retries (default 200)', wholeNumber)
    .option('--cert <file>', 'server certificate, PEM (default: one from a throwaway CA, whose file is printed)')
    .option('--key <file>', 'private key of --cert, PEM')
    .action(async (o: { port: number; secret: string; status?: number; cert?: string; key?: string }) => {
      const { server, url, caFile } = await listenForWebhooks({ port: o.port, secret: o.secret, status: o.status, certFile: o.cert, keyFile: o.key });
      process.stderr.write(`Listening on ${url} for signed webhooks; one JSON line per verified delivery follows on stdout.\n`);
      // What pointing the service at this receiver takes, spelled out (the secret stays a placeholder: no secret on a terminal's scrollback).
      const env = ['WEBHOOK_ALLOW_PRIVATE_TARGETS=true', ...(caFile ? [`NODE_EXTRA_CA_CERTS=${caFile}`] : [])].join(' ');
      process.stderr.write([
        `1. Start the service so that it may send to 127.0.0.1${caFile ? ' and trusts this receiver\'s throwaway CA' : ''}:`,
        `     ${env} npm start`,
        '2. Point an endpoint of your organisation here, with the same secret:',
        `     ${env} npx svc webhook:create --org "$ORG" --url ${url} --secret "$SECRET"`,
        '',
      ].join('\n'));
      await new Promise<void>((resolve) => {
        const stop = () => {
          server.close(() => resolve());
          server.closeAllConnections();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
