/**
 * A first check of an MQTT link certificate before it is uploaded (the server parses it again):
 * the name ends in .ctr, .pem or .cer, and the content is an X.509 certificate, either PEM
 * (-----BEGIN CERTIFICATE-----, base64 body) or DER (an ASN.1 SEQUENCE).
 */
export type CertificateProblem = 'extension' | 'tooLarge' | 'notX509';

export const certificateMaxBytes = 64 * 1024;

export function certificateTextProblem(fileName: string, bytes: Uint8Array): CertificateProblem | null {
  if (!/\.(ctr|pem|cer)$/i.test(fileName)) {
    return 'extension';
  }
  if (bytes.length > certificateMaxBytes) {
    return 'tooLarge';
  }
  const text = new TextDecoder('latin1').decode(bytes);
  const pem = /-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----/.exec(text);
  if (pem) {
    return pem[1]!.replace(/\s+/g, '').length >= 64 ? null : 'notX509';
  }
  // DER: SEQUENCE with a long-form length.
  return bytes.length > 64 && bytes[0] === 0x30 && (bytes[1] === 0x82 || bytes[1] === 0x81) ? null : 'notX509';
}

export async function certificateProblem(file: File): Promise<CertificateProblem | null> {
  if (file.size > certificateMaxBytes) {
    return 'tooLarge';
  }
  return certificateTextProblem(file.name, new Uint8Array(await file.arrayBuffer()));
}
