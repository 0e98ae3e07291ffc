/** The usage filter of the card list: bands of used / allowance, as the call's usageMin / usageMax (%). */
export const usageBands = ['under50', 'from50', 'from80', 'full'] as const;
export type UsageBand = (typeof usageBands)[number];

export function usageRange(band: UsageBand | undefined): { usageMin?: number; usageMax?: number } {
  switch (band) {
    case undefined:
      return {};
    case 'under50':
      return { usageMax: 50 };
    case 'from50':
      return { usageMin: 50, usageMax: 80 };
    case 'from80':
      return { usageMin: 80, usageMax: 100 };
    case 'full':
      return { usageMin: 100 };
  }
}
