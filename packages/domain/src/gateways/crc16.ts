/** CRC16/MODBUS (poly 0xA001 reflected, init 0xFFFF). Appended low byte first. */
export function crc16Modbus(bytes: Uint8Array | readonly number[]): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte & 0xff;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    }
  }
  return crc & 0xffff;
}

/** The frame with its CRC appended (low byte, then high byte), as Modbus RTU sends it. */
export function withCrc(bytes: readonly number[]): number[] {
  const crc = crc16Modbus(bytes);
  return [...bytes, crc & 0xff, crc >>> 8];
}

/** True when the last two bytes are the CRC16/MODBUS of the rest. */
export function crcValid(frame: readonly number[]): boolean {
  if (frame.length < 3) {
    return false;
  }
  const crc = crc16Modbus(frame.slice(0, -2));
  return frame[frame.length - 2] === (crc & 0xff) && frame[frame.length - 1] === crc >>> 8;
}
