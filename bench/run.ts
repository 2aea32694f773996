// `npm run bench -- <scenario> [args]`: a small switch over the benchmark scripts in bench/.
import 'reflect-metadata';
import { consoleBench } from './console';
import { consoleAbBench } from './console-ab';
import { consolePageBench } from './console-page';
import { createBench } from './create';
import { listStagesBench } from './list-stages';
import { pipelineBench } from './pipeline';
import { pipelineLatencyBench } from './pipeline-latency';
import { pullBench } from './pull';
import { queuesBench } from './queues';
import { metricsBench } from './metrics';
import { observabilityBench } from './observability';
import { screeningBench } from './screening';
import { monitoringBench } from './monitoring';
import { monitoringDeltaBench } from './monitoring-delta';
import { passwordFloodBench } from './password-flood';
import { run as token } from './token';
import { uploadBench } from './upload';
import { uploadStagesBench } from './upload-stages';
import * as webhooks from './webhooks';

const SCENARIOS: Record<string, (args: string[]) => Promise<void>> = {
  token,
  pull: pullBench,
  create: createBench,
  console: consoleBench,
  'console-ab': (args) => consoleAbBench(args),
  'console-page': consolePageBench,
  'list-stages': listStagesBench,
  webhooks: (args) => webhooks.run(args),
  upload: uploadBench,
  'upload-stages': uploadStagesBench,
  pipeline: pipelineBench,
  'pipeline-latency': pipelineLatencyBench,
  screening: screeningBench,
  monitoring: monitoringBench,
  'monitoring-delta': monitoringDeltaBench,
  'password-flood': passwordFloodBench,
  queues: queuesBench,
  metrics: metricsBench,
  observability: observabilityBench,
};

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const scenario = name ? SCENARIOS[name] : undefined;
  if (!scenario) {
    process.stderr.write(`Usage: npm run bench -- <scenario>\nScenarios: ${Object.keys(SCENARIOS).join(', ')}\n`);
    process.exit(1);
  }
  await scenario(args);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
