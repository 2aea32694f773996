import type { FailedExtraction } from '../documents/index';
import type { EventRecord, EventSubscriber } from '../events/index';
import type { Services, Tx } from '../services';
import { parseTraceCarrier, tracingOf } from '../tracing';
import { resumeCasePipeline } from './resume-case-pipeline';

/**
 * The recorded events after which a case's pipeline may go on: a document read (the verify and risk steps
 * wait while one is processing), a person's verification completed or satisfied by a document on file (the
 * route step waits while one is outstanding).
 */
export const RESUMING_EVENTS: ReadonlySet<string> = new Set(['document.processed', 'idv.completed', 'idv.satisfied_by_document']);

/**
 * The pipeline's outbox subscriber: once the relay's transaction has committed, resumes the pipeline of each
 * case the batch has a resuming event of (nothing when the case has no unfinished pipeline). It writes nothing
 * in the relay's transaction, so it never holds up the batch, nor the webhook fan-out beside it.
 *
 * A resume that fails after the commit is logged (Tx.afterCommit) and not retried here, and the events are
 * relayed by then; the reaction is still not lost: the pipeline sweep (sweepCasePipelines) hands every
 * unfinished pipeline untouched for PIPELINE_SWEEP_AFTER its step job again, waiting ones included.
 */
export class PipelineResumer implements EventSubscriber {
  readonly name = 'pipeline';

  async onEvents(tx: Tx, events: EventRecord[]): Promise<void> {
    for (const e of events) {
      if (e.casePk === null || !RESUMING_EVENTS.has(e.type)) continue;
      const ref = { orgId: e.orgId, casePk: e.casePk };
      // The resumed step continues the trace of the work that recorded the event (its job carries that context).
      const parent = parseTraceCarrier(e.traceContext);
      tx.afterCommitOnce(`pipeline:${ref.orgId}:${ref.casePk}`, () => tracingOf(tx.services).span('pipeline.resume', {
        parent, attributes: { 'svc.event.type': e.type },
      }, () => resumeCasePipeline(tx.services, ref)));
    }
  }
}

/**
 * The documents' failed-extraction hook: a document that ended in `error` is no longer processing, so a
 * pipeline waiting for it may go on (a successful one is document.processed, above). The sweep covers a failure.
 */
export function resumeAfterFailedExtraction(svc: Services, failed: FailedExtraction): Promise<void> {
  return resumeCasePipeline(svc, { orgId: failed.orgId, casePk: failed.casePk });
}
