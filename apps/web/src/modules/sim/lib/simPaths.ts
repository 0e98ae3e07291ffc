/** Paths of the sim pages (route table: /device/simcard and its hidden card detail). */
export const SIM_LIST_PATH = '/device/simcard';
export const simCardPath = (cardId: number) => `${SIM_LIST_PATH}/card/${cardId}`;
