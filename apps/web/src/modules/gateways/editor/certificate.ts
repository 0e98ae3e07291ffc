import { certificateExtensions, certificateMaxBytes } from '@smartdata/domain';

/**
 * A first check of an MQTT link certificate before it is uploaded (the server parses it again):
 * the name ends in one of the domain's certificate extensions, the size is within its limit, and
 * the content is an X.509 certificate, either PEM (-----BEGIN CERTIFICATE-----, base64 body) or
 * DER (an ASN.1 SEQUENCE).
 */
export type CertificateProblem = 'extension' | 'tooLarge' | 'notX509';

export function certificateTextProblem(fileName: string, bytes: Uint8Array): CertificateProblem | null {
  const lower = fileName.toLowerCase();
  if (!certificateExtensions.some((ext) => lower.endsWith(ext))) {
    return 'extension';
  }
  if (bytes.length > certificateMaxBytes) {
    return 'tooLarge';
  }
  const text = new TextDecoder('latin1').decode(bytes);
  const pem = /-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----/.exec(text);
  if (pem) {
    return pem[1].replace(/\s+/g, '').length >= 64 ? null : 'notX509';
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
