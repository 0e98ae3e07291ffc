import type { ConnectedCarrier } from '@smartdata/domain';
import type { CarrierProvider, LineAnswer } from './carrierProvider';

/** The carriers' names in the stub messages (`sim.provider.stub|<name>`). */
const apiNames: Record<ConnectedCarrier, string> = {
  mobile: 'China Mobile OneLink',
  unicom: 'China Unicom',
  telecom: 'China Telecom',
};

/**
 * The carriers' real APIs (China Mobile OneLink, China Unicom's and China Telecom's IoT platforms)
 * as stubs: they need contracted accounts and networks that cannot be reached from here, so nothing
 * was built against them. Every call answers that the API is not connected; a connection in `live`
 * mode is shown as not working (docs/sim.md "Providers"). A real provider implements the same
 * CarrierProvider interface.
 */
export function liveCarrierStub(carrier: ConnectedCarrier): CarrierProvider {
  const message = `sim.provider.stub|${apiNames[carrier]}`;
  return {
    working: false,
    submit: () => Promise.resolve({ accepted: false, message }),
    query: (_context, cards) => Promise.resolve(new Map<string, LineAnswer>(cards.map((card) => [card.iccid, { ok: false, message }]))),
  };
}
