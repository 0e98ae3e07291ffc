import { localDate } from '@smartdata/domain';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import type { GasRepository } from './gas.repository';

/**
 * The automatic numbers of orders (GB-), analyses (HP-) and certificates (CERT-), counted per
 * company on the company's local date; shared by the gas module's three services.
 */
export class GasNumbering {
  constructor(
    private readonly repository: GasRepository,
    private readonly companies: { timeZoneOf(companyId: number): Promise<string | undefined> },
    private readonly defaultTimeZone: string,
  ) {}

  /** The company's local date (YYYY-MM-DD) of `instant`, now by default: certificate dates are the company's days. */
  async today(companyId: number, instant = Date.now()): Promise<string> {
    return localDate(instant, (await this.companies.timeZoneOf(companyId)) ?? this.defaultTimeZone);
  }

  /** Runs `insert` with the next automatic number (`prefix` + a counter of `digits`), again with the next one when another writer took it. */
  async numbered<T>(companyId: number, table: 'gas_blend_order' | 'gas_purity_analysis' | 'gas_certificate', prefix: string, digits: number, insert: (number: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const number = `${prefix}${String((await this.repository.countNumbers(table, companyId, prefix)) + 1 + attempt).padStart(digits, '0')}`;
      try {
        return await insert(number);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) {
          throw error;
        }
      }
    }
  }
}
