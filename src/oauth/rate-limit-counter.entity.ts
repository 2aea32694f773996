import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A fixed-window request counter shared by every API process (bucket = route class + client). */
@Entity('rate_limit_counters')
export class RateLimitCounter {
  @PrimaryColumn({ type: 'varchar', length: 191 }) bucket!: string;
  /** Window start, epoch ms. */
  @PrimaryColumn({ type: 'bigint' }) windowStart!: string;
  @Column({ type: 'int' }) hits!: number;
}
