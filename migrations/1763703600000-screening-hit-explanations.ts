import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only; MariaDB 10.11 and MySQL 8. Issue 27, "Search, explain, tune": each screening hit keeps why it
// matched (the matcher's explanation: the listed name, the word pairs and how each matched, the name score, what
// the date of birth and nationality did), as JSON; null for hits stored before, and from providers that do not explain.
export class ScreeningHitExplanations1763703600000 implements MigrationInterface {
  name = 'ScreeningHitExplanations1763703600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE screening_hits ADD COLUMN explanation JSON NULL');
  }

  public async down(): Promise<void> {
    throw new Error('forward-only migration');
  }
}
