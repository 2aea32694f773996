import type { Services } from '../services';
import { webhookHeaders, type WebhookHeaderInput } from './signature';
import { parseWebhookUrl, resolveAndCheck, UrlCheckFailure } from '../security/url-guard';
import type { WebhookResponse } from './webhook-sender';

export interface SendOutcome extends WebhookResponse {
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
}

/**
 * One signed POST, the URL rules applied again now (a URL is never trusted because it passed at save
 * time), connecting only to the address just checked. Never throws for the receiver's faults: blocked,
 * DNS, refused, TLS and timeout come back as status 0 with the reason in words. The budget covers the
 * lookup and the whole response.
 */
export async function sendSigned(svc: Services, rawUrl: string, header: WebhookHeaderInput): Promise<SendOutcome> {
  const startedAt = svc.clock.now();
  const t0 = performance.now();
  const budget = svc.config.webhookTimeoutMs;
  let response: WebhookResponse;
  try {
    let url: URL;
    try {
      url = parseWebhookUrl(rawUrl);
    } catch {
      throw new UrlCheckFailure('invalid', 'The endpoint URL is not a valid https URL.');
    }
    const checked = await withDeadline(resolveAndCheck(svc, url), budget, () => new UrlCheckFailure('dns', `DNS lookup failed for ${url.hostname}: no answer within ${budget} ms.`));
    const remaining = Math.max(1, budget - Math.round(performance.now() - t0));
    response = await svc.webhookSender.send({ url: checked.url, address: checked.address, headers: webhookHeaders({ ...header, sentAt: svc.clock.now() }), body: header.body, timeoutMs: remaining, budgetMs: budget });
  } catch (err) {
    if (!(err instanceof UrlCheckFailure)) throw err;
    response = { status: 0, body: null, error: err.message };
  }
  const durationMs = Math.round(performance.now() - t0);
  return { ...response, startedAt, finishedAt: new Date(startedAt.getTime() + durationMs), durationMs };
}

function withDeadline<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
