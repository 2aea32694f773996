import { DOCUMENT_EXTRACTION_FAILED } from '../documents/index';
import { onHook, type FeatureModule } from '../platform/index';
import { PIPELINE_STEP_TASK } from './pipeline-jobs';
import { PipelineResumer, resumeAfterFailedExtraction } from './pipeline-reactions';
import { pipelineStepTask } from './pipeline-step.task';
import { sweepCasePipelines } from './sweep-case-pipelines';

/**
 * The decisioning pipeline: its step job; it resumes by itself on what it waits for (document.processed,
 * idv.completed and idv.satisfied_by_document through the outbox, a failed extraction through the documents'
 * hook); its sweep re-hands-off pipelines whose step job was lost, or that wait for something whose resume was lost.
 */
export const pipelineModule: FeatureModule = {
  name: 'pipeline',
  tasks: { [PIPELINE_STEP_TASK]: pipelineStepTask },
  sweeps: [{ name: 'pipeline sweep', order: 80, run: sweepCasePipelines }],
  subscribers: () => [new PipelineResumer()],
  hooks: [onHook(DOCUMENT_EXTRACTION_FAILED, 'pipeline resume', resumeAfterFailedExtraction)],
};
