import { describe, expect, it } from 'vitest';
import { hasVisibleCharacter, nameText } from './text';

const name = nameText().min(1, 'validation.nameRequired').max(25, 'validation.tooLong');
const reason = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the name rule', () => {
  it('normalises to NFC and trims', () => {
    expect(name.parse('  Cafe\u0301 ')).toBe('Café');
    expect(name.parse('温度计')).toBe('温度计');
  });

  it.each(['\u200b', '\u200b\u200c\u200d', ' \u3000 ', '\ufeff', '\u00ad', '\u2060'])('refuses a name that shows nothing (%j)', (value) => {
    expect(reason(value)).toBe('validation.nameRequired');
  });

  it.each(['a\u0000b', 'tab\there', 'line\nbreak', 'a\u007fb', 'a\u0085b', 'abc\u202edcba', 'x\u2066y\u2069', 'mark\u200f'])('refuses control and bidi characters (%j)', (value) => {
    expect(reason(value)).toBe('validation.text.control');
  });

  it.each(['a\ud800', '\udc00b', 'x\ud83dy'])('refuses a lone surrogate (%j)', (value) => {
    expect(reason(value)).toBe('validation.text.surrogate');
  });

  it('keeps a real surrogate pair (emoji) and joiners inside a visible name', () => {
    expect(name.parse('泵站 🚰')).toBe('泵站 🚰');
    expect(name.parse('👩\u200d🔧 班组')).toBe('👩\u200d🔧 班组');
    expect(hasVisibleCharacter('a\u200b')).toBe(true);
  });
});
