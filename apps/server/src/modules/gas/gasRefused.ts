import { ErrorCode, type Locale } from '@smartdata/domain';
import { AppError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';

/**
 * A refused gas calculation (the contract: 50001 "with the reason in data"): `data` is
 * `{reason, detail, message}` — a stable reason key (`fraction-sum`, `negative-value`,
 * `unknown-gas`, `gas-repeated`, `input-invalid`, the domain's BlendError reasons, `out-of-range`,
 * `unsafe`, `masses`), the technical detail in English, and the message in the caller's language.
 */
export class GasRefused extends AppError {
  constructor(
    readonly refusal: string,
    readonly detail: string,
    /** The message key with its arguments (`key|a|b`); default `gas.refused.<reason>|<detail>`. */
    readonly messageKey = `gas.refused.${refusal}|${detail}`,
  ) {
    super(ErrorCode.validationFailed, messageKey);
    this.name = 'GasRefused';
  }

  override envelopeFields(locale: Locale): Record<string, unknown> {
    return { data: { reason: this.refusal, detail: this.detail, message: translate(this.messageKey, locale) } };
  }
}
