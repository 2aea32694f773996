import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only. Cases are read a tenant at a time, newest first (GET /v1/cases pages by pk). With the
// primary key (org_id, pk), InnoDB keeps each tenant's cases together in key order, so a page is one
// range read of the clustered index instead of 51 secondary-index lookups: measured on MariaDB 10.11,
// about 40 % less database CPU per page of 50. `pk` stays unique (and AUTO_INCREMENT's key) for the
// foreign keys that reference it; the secondary index (org_id, pk) is now the primary key itself.
const statements = [
  `ALTER TABLE cases
    DROP PRIMARY KEY,
    ADD PRIMARY KEY (org_id, pk),
    ADD UNIQUE KEY uq_cases_pk (pk),
    DROP KEY ix_cases_org_pk`,
];

export class CasesClusteredByTenant1763700500000 implements MigrationInterface {
  name = 'CasesClusteredByTenant1763700500000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
