import { Injectable } from '@nestjs/common';
import { Address, LanguageCode, RequestContext, TransactionalConnection, Translated, TranslatorService } from '@vendure/core';

import { City, CityTranslation } from '../entities/city.entity';

export interface CityDetails {
  CountryCode: string;
  LocationAr: string;
  LocationEn: string;
  CityCode: string;
}

@Injectable()
export class CityService {
  constructor(
    private connection: TransactionalConnection,
    private translator: TranslatorService,
  ) {}

  /** Cities of a country, named in the request language and sorted the way its readers sort. */
  async cities(ctx: RequestContext, countryCode: string): Promise<Array<Translated<City>>> {
    const rows = await this.connection.getRepository(ctx, City).find({
      where: { countryCode: countryCode.trim().toUpperCase() },
    });
    const collator = new Intl.Collator(ctx.languageCode);
    return rows.map((city) => this.translator.translate(city, ctx)).sort((a, b) => collator.compare(a.name, b.name));
  }

  findByCode(ctx: RequestContext, code: string): Promise<City | null> {
    return this.connection.getRepository(ctx, City).findOne({ where: { code: code.trim().toUpperCase() } });
  }

  /**
   * Resolves an address to its city: by `customFields.cityCode` when set, otherwise by the
   * free-text `city` matching an Arabic or English city name (older addresses).
   */
  async cityDetails(ctx: RequestContext, address: Address): Promise<CityDetails | null> {
    const code = (address.customFields as { cityCode?: string | null } | undefined)?.cityCode;
    let city: City | null = null;
    if (code?.trim()) {
      city = await this.findByCode(ctx, code);
    } else if (address.city?.trim()) {
      city = await this.findByName(ctx, address.city, address.country?.code);
    }
    if (!city) return null;
    const name = (lang: LanguageCode) => city.translations.find((t) => t.languageCode === lang)?.name;
    const en = name(LanguageCode.en) ?? name(LanguageCode.ar) ?? city.code;
    const ar = name(LanguageCode.ar) ?? en;
    return { CountryCode: city.countryCode, LocationAr: ar, LocationEn: en, CityCode: city.code };
  }

  private async findByName(ctx: RequestContext, name: string, countryCode?: string): Promise<City | null> {
    const qb = this.connection
      .getRepository(ctx, CityTranslation)
      .createQueryBuilder('t')
      .innerJoinAndSelect('t.base', 'city')
      .where('LOWER(t.name) = LOWER(:name)', { name: name.trim() });
    if (countryCode) qb.andWhere('city.countryCode = :cc', { cc: countryCode.toUpperCase() });
    const match = await qb.getOne();
    return match ? this.findByCode(ctx, match.base.code) : null;
  }
}
