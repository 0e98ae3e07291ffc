import type { ConnectedCarrier } from '@smartdata/domain';
import type { CarrierProvider, LineAnswer } from './carrierProvider';

/** The carriers' names in the stub messages (`sim.provider.stub|<name>`). */
export const apiNames: Record<ConnectedCarrier, string> = {
  mobile: 'China Mobile OneLink',
  unicom: 'China Unicom',
  telecom: 'China Telecom',
};

/**
 * China Unicom's and China Telecom's IoT platforms as stubs: their API documentation is not public
 * where it could be read (docs/sim.md "Providers"), so nothing was built against them. Every call
 * answers that the API is not connected; a connection in `live` mode is shown as not working. A
 * real provider implements the same CarrierProvider interface (China Mobile's: oneLinkProvider.ts).
 */
export function liveCarrierStub(carrier: ConnectedCarrier): CarrierProvider {
  const message = `sim.provider.stub|${apiNames[carrier]}`;
  return {
    working: false,
    submit: () => Promise.resolve({ accepted: false, message }),
    query: (_context, cards) => Promise.resolve(new Map<string, LineAnswer>(cards.map((card) => [card.iccid, { ok: false, message }]))),
  };
}
