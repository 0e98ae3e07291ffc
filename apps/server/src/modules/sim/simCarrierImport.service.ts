import { addCardRequest, type AddCardRequest, type CarrierImportResult, type ConnectedCarrier, type Locale } from '@smartdata/domain';
import { validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import { apiNames } from './liveCarrierStubs';
import type { LiveCarriers } from './liveCarriers';
import type { SimCardsService } from './simCards.service';
import type { SimConnectionsService } from './simConnections.service';
import type { SimDependencies } from './simDependencies';

/** Cards named in the answer's list of those not added. */
const skippedShown = 50;

/**
 * A first import from a live carrier (docs/sim.md "China Mobile OneLink"): the provider pages
 * through every card the carrier holds for the company's account; the cards the company does not
 * have are added (status none until the next sync, which the periodic sync makes soon), each
 * checked as addCard would check it. Cards already registered are counted, not changed.
 */
export class SimCarrierImportService {
  constructor(
    private readonly cards: SimCardsService,
    private readonly connections: SimConnectionsService,
    private readonly live: LiveCarriers,
    private readonly deps: Pick<SimDependencies, 'now' | 'timeZone'>,
  ) {}

  async importFromCarrier(caller: CabinCaller, carrier: ConnectedCarrier, locale: Locale): Promise<CarrierImportResult> {
    const connection = (await this.connections.connectionSettings(caller.companyId)).get(carrier)!;
    const provider = this.live.of(carrier);
    if (connection.mode !== 'live' || !provider.listCards) {
      throw validationError(`sim.carrierImport.notLive|${apiNames[carrier]}`);
    }
    const listed = await provider.listCards({ companyId: caller.companyId, connection, now: this.deps.now(), timeZone: await this.deps.timeZone(caller.companyId) });
    if (!listed.ok) {
      throw validationError(listed.message);
    }
    const unique = [...new Map(listed.cards.map((card) => [card.iccid, card])).values()];
    const taken = await this.cards.takenIccids(caller.companyId, unique.map((c) => c.iccid));
    const skipped: CarrierImportResult['skipped'] = [];
    const requests: AddCardRequest[] = [];
    for (const card of unique.filter((c) => !taken.has(c.iccid))) {
      const parsed = addCardRequest.safeParse({ number: card.msisdn, iccid: card.iccid, carrier, ...(card.imsi ? { imsi: card.imsi } : {}) });
      if (parsed.success) {
        requests.push(parsed.data);
      } else {
        skipped.push({ iccid: card.iccid, number: card.msisdn, message: translate(parsed.error.issues[0]?.message ?? 'validation.invalid', locale) });
      }
    }
    const added = requests.length > 0 ? await this.cards.addCheckedCards(caller, requests) : 0;
    return { found: unique.length, added, existing: taken.size, skipped: skipped.slice(0, skippedShown) };
  }
}
