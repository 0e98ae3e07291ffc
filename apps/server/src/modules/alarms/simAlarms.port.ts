/**
 * What SIM traffic cards (issue 19) ask of cloud monitoring: open a threshold alarm on a card whose
 * traffic crossed its alert percentage — one open alarm per `key` (the card and its plan period),
 * a repeat while it is open counts on it. `nodeId` is the bound gateway's cabin node (who may read
 * the gateway sees the alarm), null for an unbound card (company administrators see it).
 */
export interface SimAlarms {
  raise(companyId: number, alarm: { key: string; cardId: number; number: string; nodeId: number | null; percent: number; time: number }): Promise<void>;
}
