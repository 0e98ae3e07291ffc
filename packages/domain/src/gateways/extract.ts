/**
 * Extraction of values from a received serial frame (the serial RX parser node). Spec §3:
 * extract types 1 integer, 2 decimal, 3 string, 4 timestamp; unit byte (4) or bit (3); data
 * lengths unsigned integer, signed integer, single float, double float; divisor; decimal places
 * 0–3. Modbus is big-endian; `wordSwap` handles devices that send 32/64-bit values low word first.
 */
export const extractTypes = { integer: 1, decimal: 2, string: 3, timestamp: 4 } as const;
export type ExtractType = (typeof extractTypes)[keyof typeof extractTypes];
export const extractUnits = { bit: 3, byte: 4 } as const;
export type ExtractUnit = (typeof extractUnits)[keyof typeof extractUnits];
export const dataLengths = ['uint', 'int', 'float32', 'float64'] as const;
export type DataLength = (typeof dataLengths)[number];

export interface Extraction {
  /** Key of the value (becomes a data item's fieldName). */
  key: string;
  extractType: ExtractType;
  unit: ExtractUnit;
  /** Byte offset in the frame (after address and function code as the device sends them). */
  offset: number;
  /** Bytes for integers (1, 2, 4) or strings; ignored for floats (4 or 8). */
  size: number;
  /** Bit number 0–7 of the byte at `offset` when unit is bit. */
  bit?: number;
  dataLength: DataLength;
  divisor?: number;
  decimalPlaces?: number;
  wordSwap?: boolean;
}

function readBytes(frame: readonly number[], offset: number, size: number, wordSwap: boolean): number[] {
  if (offset < 0 || offset + size > frame.length) {
    throw new RangeError(`bytes ${offset}..${offset + size - 1} are outside a frame of ${frame.length}`);
  }
  const bytes = frame.slice(offset, offset + size);
  if (wordSwap && size >= 4) {
    const words: number[][] = [];
    for (let i = 0; i < size; i += 2) {
      words.push(bytes.slice(i, i + 2));
    }
    return words.reverse().flat();
  }
  return bytes;
}

function round(value: number, places: number | undefined): number {
  if (places === undefined) {
    return value;
  }
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** Reads one value from a frame as the extraction describes. */
export function extractValue(frame: readonly number[], e: Extraction): number | string {
  if (e.unit === extractUnits.bit) {
    const byte = readBytes(frame, e.offset, 1, false)[0];
    return (byte >> (e.bit ?? 0)) & 1;
  }
  if (e.extractType === extractTypes.string) {
    return String.fromCharCode(...readBytes(frame, e.offset, e.size, false)).replace(/\0+$/, '');
  }
  let raw: number;
  if (e.dataLength === 'float32' || e.dataLength === 'float64') {
    const size = e.dataLength === 'float32' ? 4 : 8;
    const view = new DataView(new Uint8Array(readBytes(frame, e.offset, size, e.wordSwap ?? false)).buffer);
    raw = size === 4 ? view.getFloat32(0) : view.getFloat64(0);
  } else {
    const bytes = readBytes(frame, e.offset, e.size, e.wordSwap ?? false);
    raw = bytes.reduce((acc, b) => acc * 256 + b, 0);
    if (e.dataLength === 'int' && bytes[0] >= 0x80) {
      raw -= 2 ** (8 * bytes.length);
    }
  }
  if (e.divisor !== undefined && e.divisor !== 0) {
    raw /= e.divisor;
  }
  if (e.extractType === extractTypes.integer) {
    return Math.trunc(raw);
  }
  if (e.extractType === extractTypes.timestamp) {
    return Math.trunc(raw);
  }
  return round(raw, e.decimalPlaces);
}
