import { DeepPartial, ID } from '@vendure/common/lib/shared-types';
import { EntityId, LanguageCode, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/** A message sent from the storefront's contact page; read by the store owner in the Admin API. */
@Entity()
export class ContactUsMessage extends VendureEntity {
  constructor(input?: DeepPartial<ContactUsMessage>) {
    super(input);
  }

  @Column('varchar', { length: 80 })
  name: string;

  @Index()
  @Column('varchar', { length: 254 })
  emailAddress: string;

  @Column('varchar', { nullable: true, length: 20 })
  phoneNumber: string | null;

  @Column('varchar', { nullable: true, length: 150 })
  subject: string | null;

  @Column('text')
  message: string;

  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  /** Set when a logged-in customer sent it. */
  @EntityId({ nullable: true })
  customerId: ID | null;

  /** HMAC of the client IP: enough to spot abuse, without storing the address itself. */
  @Column('varchar', { nullable: true, length: 64 })
  ipHash: string | null;
}
