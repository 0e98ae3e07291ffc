import { z } from 'zod';

/** C0 and C1 control characters and DEL, and the bidi controls that reorder what follows. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlOrBidi = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Half of a surrogate pair without its other half: not text (it reads back as U+FFFD). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Characters that show nothing: white space, zero-width ones, the soft hyphen, filler letters. */
const invisible = /[\s\u00ad\u115f\u1160\u180e\u200b-\u200d\u2060\u3164\ufeff\uffa0]/g;

/** Whether a text shows at least one character. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(invisible, '').length > 0;
}

/**
 * Text a user types into a field (issue 12): NFC-normalised (the same word typed two ways is the
 * same text), trimmed, no control or bidi-override characters (they reorder or hide what is shown
 * around them), no lone surrogates. Chain the field's own length rules after it.
 */
export function textSchema() {
  return z
    .string()
    .normalize('NFC')
    .trim()
    .refine((text) => !controlOrBidi.test(text), 'validation.text.control')
    .refine((text) => !loneSurrogate.test(text), 'validation.text.surrogate');
}

/**
 * The one rule of every name field: `textSchema()` and, when anything was typed, at least one
 * visible character — a name made only of zero-width or white space is no name
 * (`requiredMessage`, 名称不能为空 by default). Chain `.min(1, …)` and the length after it.
 */
export function nameText(requiredMessage = 'validation.nameRequired') {
  return textSchema().refine((text) => text === '' || hasVisibleCharacter(text), requiredMessage);
}

/**
 * The name of a file a user uploads or imports: the rule of every name field (`nameText`: no
 * control or bidi characters — `invoice\u202Excod.pdf` would show as "invoicedoc.pdf" — and at
 * least one visible character), required, at most `maxLength` characters.
 */
export function fileNameText(maxLength: number) {
  return nameText('validation.required').min(1, 'validation.required').max(maxLength, 'validation.tooLong');
}
