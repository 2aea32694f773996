// CLI commands contributed by feature issues (webhooks, demo). Kept apart from svc.ts so that each
// feature adds its commands here without touching the frame.
import {
  DELIVERY_STATES, createWebhookEndpoint, listWebhookDeliveries, pauseWebhookEndpoint, redeliverWebhook, resumeWebhookEndpoint, testWebhookEndpoint, type DeliveryState,
} from '../src/webhooks/index';
import type { Command, StandaloneCommand, Values } from './svc';
import { listenForWebhooks } from './webhook-listen';
import { operatorActor } from '../src/access/index';

const str = (v: Values, k: string) => v[k] as string;
const opt = (v: Values, k: string) => v[k] as string | undefined;
const int = (v: Values, k: string): number | undefined => {
  const raw = opt(v, k);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${k} must be a whole number`);
  return Number(raw);
};

// Webhooks: endpoints, delivery log, redelivery, and a local receiver to try them with.
const WEBHOOK_COMMANDS: Record<string, Command | StandaloneCommand> = {
  'webhook:create': {
    usage: 'webhook:create --org ORG --url URL [--secret S] [--events a,b] [--label L] [--paused]',
    options: { org: { type: 'string' }, url: { type: 'string' }, secret: { type: 'string' }, events: { type: 'string' }, label: { type: 'string' }, paused: { type: 'boolean' } },
    required: ['org', 'url'],
    run: async (svc, v) => {
      const events = opt(v, 'events');
      const created = await createWebhookEndpoint(svc, operatorActor(str(v, 'org')), {
      url: str(v, 'url'), secret: opt(v, 'secret') ?? null, label: opt(v, 'label'), eventTypes: events === undefined ? null : events.split(',').map((e) => e.trim()).filter(Boolean), status: v.paused === true ? 'paused' : 'active',
    });
      return { endpointId: created.endpoint.endpointId, secret: created.secret };
    },
  },
  'webhook:pause': {
    usage: 'webhook:pause --org ORG --endpoint ID',
    options: { org: { type: 'string' }, endpoint: { type: 'string' } },
    required: ['org', 'endpoint'],
    run: (svc, v) => pauseWebhookEndpoint(svc, operatorActor(str(v, 'org')), { endpointId: str(v, 'endpoint') }),
  },
  'webhook:resume': {
    usage: 'webhook:resume --org ORG --endpoint ID',
    options: { org: { type: 'string' }, endpoint: { type: 'string' } },
    required: ['org', 'endpoint'],
    run: (svc, v) => resumeWebhookEndpoint(svc, operatorActor(str(v, 'org')), { endpointId: str(v, 'endpoint') }),
  },
  'webhook:test': {
    usage: 'webhook:test --org ORG --endpoint ID',
    options: { org: { type: 'string' }, endpoint: { type: 'string' } },
    required: ['org', 'endpoint'],
    run: (svc, v) => testWebhookEndpoint(svc, operatorActor(str(v, 'org')), { endpointId: str(v, 'endpoint') }),
  },
  'webhook:deliveries': {
    usage: `webhook:deliveries --org ORG [--endpoint ID] [--state ${DELIVERY_STATES.join('|')}] [--event-type T] [--limit N] [--cursor C]`,
    options: { org: { type: 'string' }, endpoint: { type: 'string' }, state: { type: 'string' }, 'event-type': { type: 'string' }, limit: { type: 'string' }, cursor: { type: 'string' } },
    required: ['org'],
    run: (svc, v) => listWebhookDeliveries(svc, operatorActor(str(v, 'org')), {
      endpointId: opt(v, 'endpoint'), state: opt(v, 'state') as DeliveryState | undefined, eventType: opt(v, 'event-type'), limit: int(v, 'limit'), cursor: opt(v, 'cursor'),
    }),
  },
  'webhook:redeliver': {
    usage: 'webhook:redeliver --org ORG --delivery ID',
    options: { org: { type: 'string' }, delivery: { type: 'string' } },
    required: ['org', 'delivery'],
    run: (svc, v) => redeliverWebhook(svc, operatorActor(str(v, 'org')), { deliveryId: int(v, 'delivery')! }),
  },
  'webhook:listen': {
    usage: 'webhook:listen --port P --secret S [--status 200] [--cert FILE --key FILE]',
    options: { port: { type: 'string' }, secret: { type: 'string' }, status: { type: 'string' }, cert: { type: 'string' }, key: { type: 'string' } },
    required: ['port', 'secret'],
    standalone: async (v) => {
      const { server, url, caFile } = await listenForWebhooks({
        port: int(v, 'port')!, secret: str(v, 'secret'), status: int(v, 'status'), certFile: opt(v, 'cert'), keyFile: opt(v, 'key'),
      });
      process.stderr.write(`Listening on ${url} for signed webhooks; one JSON line per verified delivery follows on stdout.\n`);
      if (caFile) process.stderr.write(`Its certificate comes from a throwaway CA: start the worker with NODE_EXTRA_CA_CERTS=${caFile}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          server.close(() => resolve());
          server.closeAllConnections();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      return 0;
    },
  },
};

export const CLI_EXTENSIONS: Record<string, Command | StandaloneCommand> = {
  ...WEBHOOK_COMMANDS,
};
