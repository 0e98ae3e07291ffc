import { X509Certificate } from 'node:crypto';
import { certificateFileProblem, type UploadCertificateRequest } from '@smartdata/domain';
import { validationError } from '@server/platform/errors';

export interface ParsedCertificate {
  pem: string;
  subject: string;
  issuer: string;
  validFrom: number;
  validTo: number;
  fingerprint256: string;
  isCa: boolean;
  selfSigned: boolean;
}

/**
 * Reads an uploaded MQTT link certificate (spec §3: CA or self-signed X.509 in .ctr, .pem or
 * .cer) with node:crypto and checks it: parsable (PEM or DER), valid now, and a CA or
 * self-signed certificate (a server's leaf certificate is not what a link needs).
 */
export function parseCertificate(request: UploadCertificateRequest, now = Date.now()): ParsedCertificate {
  const bytes = request.encoding === 'base64' ? Buffer.from(request.content, 'base64') : Buffer.from(request.content, 'utf8');
  const problem = certificateFileProblem(request.fileName, bytes.length);
  if (problem) {
    throw validationError(problem);
  }
  let cert: X509Certificate;
  try {
    const text = bytes.toString('utf8');
    // A .cer may hold PEM text or DER bytes; PEM is tried first when it looks like PEM.
    const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text);
    cert = new X509Certificate(pemBlock ? pemBlock[0] : bytes);
  } catch {
    throw validationError('cert.parse');
  }
  const validFrom = Date.parse(cert.validFrom);
  const validTo = Date.parse(cert.validTo);
  if (Number.isFinite(validTo) && validTo < now) {
    throw validationError('cert.expired');
  }
  if (Number.isFinite(validFrom) && validFrom > now) {
    throw validationError('cert.notYetValid');
  }
  const selfSigned = cert.subject === cert.issuer && cert.verify(cert.publicKey);
  if (!cert.ca && !selfSigned) {
    throw validationError('cert.notCa');
  }
  return {
    pem: cert.toString(),
    subject: cert.subject.replaceAll('\n', ', '),
    issuer: cert.issuer.replaceAll('\n', ', '),
    validFrom,
    validTo,
    fingerprint256: cert.fingerprint256,
    isCa: cert.ca,
    selfSigned,
  };
}
