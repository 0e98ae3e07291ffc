/**
 * Hex packets (spec §5): two-digit hex bytes separated by single spaces, no leading or trailing
 * space, e.g. `01 03 00 00 00 02 C4 0B`.
 */
export const hexPacketPattern = /^[0-9A-Fa-f]{2}( [0-9A-Fa-f]{2})*$/;

export function isHexPacket(text: string): boolean {
  return hexPacketPattern.test(text);
}

export function parseHexPacket(text: string): number[] {
  if (!isHexPacket(text)) {
    throw new Error(`Not a hex packet: ${JSON.stringify(text)}`);
  }
  return text.split(' ').map((pair) => Number.parseInt(pair, 16));
}

export function formatHexPacket(bytes: readonly number[]): string {
  return bytes.map((b) => (b & 0xff).toString(16).toUpperCase().padStart(2, '0')).join(' ');
}
