/**
 * ICCIDs (ITU-T E.118): 19 or 20 digits, the last a Luhn check digit over the others. Pure, shared
 * by the add form, the import and the server.
 */

/** Whether the digits pass the Luhn check (the last digit being the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) {
        d -= 9;
      }
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that completes `body` (digits without their check digit). */
export function luhnCheckDigit(body: string): number {
  for (let d = 0; d <= 9; d += 1) {
    if (luhnValid(`${body}${d}`)) {
      return d;
    }
  }
  throw new Error('not digits');
}

/** The message key of what is wrong with an ICCID, or null when it is valid. */
export function iccidProblem(iccid: string): string | null {
  if (!/^\d{19,20}$/.test(iccid)) {
    return 'validation.sim.iccid.pattern';
  }
  return luhnValid(iccid) ? null : 'validation.sim.iccid.luhn';
}
