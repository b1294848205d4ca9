import { DeepPartial } from '@vendure/common/lib/shared-types';
import { VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

export type VerificationCodePurpose = 'verify-account' | 'password-reset' | 'shipping-address';

/**
 * A 6-digit code sent by mail (or SMS) that stands in for one of core's long tokens.
 * Only an HMAC of the code is stored. At most one live code per (purpose, subject): issuing a
 * new one deletes the previous ones.
 */
@Entity()
@Index(['purpose', 'subject'])
export class VerificationCode extends VendureEntity {
  constructor(input?: DeepPartial<VerificationCode>) {
    super(input);
  }

  @Column({ type: 'varchar', length: 32 })
  purpose: VerificationCodePurpose;

  /** Lower-cased e-mail address (account, password reset) or `address:<id>`. */
  @Column({ type: 'varchar', length: 320 })
  subject: string;

  @Column({ type: 'varchar', length: 128 })
  codeHash: string;

  /** Core's verification or password-reset token the code unlocks (null for address codes). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  coreToken: string | null;

  @Column({ type: Date })
  expiresAt: Date;

  @Column({ type: 'int' })
  attemptsLeft: number;

  /** Set once the right code was presented; a consumed code cannot be used again. */
  @Column({ type: Date, nullable: true })
  consumedAt: Date | null;
}
