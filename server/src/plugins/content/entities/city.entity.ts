import { DeepPartial } from '@vendure/common/lib/shared-types';
import { LanguageCode, LocaleString, Translatable, Translation, VendureEntity } from '@vendure/core';
import { Column, Entity, Index, ManyToOne, OneToMany } from 'typeorm';

/**
 * A delivery city. `code` (e.g. RUH) is what addresses store in `customFields.cityCode`;
 * it is unique across countries so that an address resolves to one city.
 */
@Entity()
export class City extends VendureEntity implements Translatable {
  constructor(input?: DeepPartial<City>) {
    super(input);
  }

  @Index({ unique: true })
  @Column('varchar', { length: 20 })
  code: string;

  /** ISO 3166-1 alpha-2, upper case. */
  @Index()
  @Column('varchar', { length: 2 })
  countryCode: string;

  name: LocaleString;

  @OneToMany(() => CityTranslation, (t) => t.base, { eager: true })
  translations: Array<Translation<City>>;
}

@Entity()
export class CityTranslation extends VendureEntity implements Translation<City> {
  constructor(input?: DeepPartial<Translation<City>>) {
    super(input);
  }

  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  @Column('varchar', { length: 120 })
  name: string;

  @Index()
  @ManyToOne(() => City, (base) => base.translations, { onDelete: 'CASCADE' })
  base: City;
}
