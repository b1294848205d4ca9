import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One fixed rate-limit window (docs/decisions/014-rate-limits.md). Not a VendureEntity: no id,
 * no timestamps, because the bucket is the key and `expires_at` is all that ages it. Column types
 * are given explicitly and names are snake_case so that the raw upsert of DatabaseRateLimitStore
 * reads the same on SQLite and PostgreSQL.
 */
@Entity('rate_limit_window')
export class RateLimitWindow {
  /** `<operation>:<scope>:<subject>`; long subjects are shortened with a hash (bucketOf). */
  @PrimaryColumn({ name: 'bucket', type: 'varchar', length: 255 })
  bucket: string;

  @Column({ name: 'hits', type: 'integer' })
  hits: number;

  /** Epoch milliseconds (a number, not a timestamp: no time-zone handling between drivers). */
  @Index('IDX_rate_limit_window_expires_at')
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt: string;
}
