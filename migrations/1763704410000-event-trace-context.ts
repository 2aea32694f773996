import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 32, "OpenTelemetry traces": the trace context of the work
// that recorded an event (W3C traceparent and tracestate as a small JSON object), so that the relay, the
// webhook deliveries and the pipeline steps the event causes continue that trace. Null when nothing was
// traced (tracing off, the default): no cost per row then.
const statements = [
  'ALTER TABLE events ADD COLUMN trace_context VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin NULL',
];

export class EventTraceContext1763704410000 implements MigrationInterface {
  name = 'EventTraceContext1763704410000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
