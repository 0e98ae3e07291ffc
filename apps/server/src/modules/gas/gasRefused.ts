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
    return { data: { reason: this.refusal, detail: this.detail, message: gasMessage(this.messageKey, locale) } };
  }
}

/**
 * A request field as an argument of a message: `gas.field.<name>`, or `gas.field.<name>@<whose>` for
 * a field of one parent gas or component (its key or formula, shown beside the label).
 */
export function gasField(name: string, whose?: string): string {
  return whose === undefined ? `gas.field.${name}` : `gas.field.${name}@${whose}`;
}

/** `key|a|b` translated, with the field arguments (`gasField`) named in the caller's language. */
function gasMessage(messageKey: string, locale: Locale): string {
  const [key, ...args] = messageKey.split('|');
  const named = args.map((arg) => {
    if (!arg.startsWith('gas.field.')) {
      return arg;
    }
    const [field, whose] = arg.split('@');
    const label = translate(field, locale);
    return whose === undefined ? label : locale === 'zh-CN' ? `${whose} 的${label}` : `${label} of ${whose}`;
  });
  return translate([key, ...named].join('|'), locale);
}
