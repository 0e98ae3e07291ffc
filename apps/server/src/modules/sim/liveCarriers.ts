import type { ConnectedCarrier } from '@smartdata/domain';
import type { OutboundAllowList } from '@server/platform/outboundHttp';
import type { CarrierProvider } from './carrierProvider';
import { liveCarrierStub } from './liveCarrierStubs';
import { OneLinkClient, outboundTransport, type OneLinkTransport } from './oneLinkClient';
import { OneLinkProvider } from './oneLinkProvider';

/**
 * The carriers' APIs (a connection in `live` mode): China Mobile through OneLink (oneLinkProvider.ts);
 * China Unicom and China Telecom are stubs (liveCarrierStubs.ts, docs/sim.md "Providers"). One
 * instance per server: the OneLink client keeps each account's token and rate-limit pause.
 */
export class LiveCarriers {
  private readonly oneLink: OneLinkProvider;

  constructor(allow: OutboundAllowList, transport: OneLinkTransport = outboundTransport(allow)) {
    this.oneLink = new OneLinkProvider(new OneLinkClient(transport));
  }

  of(carrier: ConnectedCarrier): CarrierProvider {
    return carrier === 'mobile' ? this.oneLink : liveCarrierStub(carrier);
  }
}
