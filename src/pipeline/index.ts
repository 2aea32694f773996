export { PIPELINE_STEP_TASK } from './pipeline-jobs';
export { PIPELINE_STEPS, type PipelineStep } from './pipeline.repository';
export { startCasePipeline } from './start-case-pipeline';
export { runPipelineStep, type StepOutcome } from './run-pipeline-step';
export { resumeCasePipeline } from './resume-case-pipeline';
export { sweepCasePipelines } from './sweep-case-pipelines';
export type { StepGuard } from '../step-guard';
export { pipelineModule } from './module';
