import { useCallback, useEffect, useState } from 'react';
import { fieldKeyFromName } from '@smartdata/domain';

type ToLatin = (text: string) => string;
type PinyinModule = typeof import('pinyin-pro');

/** Runs of Chinese characters as toneless pinyin words (ü as v); anything else kept as it is. */
export function pinyinWords(pinyin: PinyinModule['pinyin']): ToLatin {
  return (text) => text.replace(/\p{Script=Han}+/gu, (run) => ` ${pinyin(run, { toneType: 'none', v: true })} `);
}

/** The field key suggested for a display name; pinyin for Chinese when the dictionary is loaded. */
export function suggestFieldKey(name: string, taken: Iterable<string>, toLatin?: ToLatin): string {
  return fieldKeyFromName(name, taken, toLatin);
}

let loadedPinyin: ToLatin | null = null;

/**
 * The key suggester of the field editors. pinyin-pro's dictionary is a few hundred kilobytes, so
 * it is loaded when a field editor opens, not with the page; until it arrives a Chinese name
 * gives the next free `fieldN` (Latin names work at once).
 */
export function useFieldKeySuggester(): (name: string, taken: Iterable<string>) => string {
  const [toLatin, setToLatin] = useState<ToLatin | null>(() => loadedPinyin);
  useEffect(() => {
    if (loadedPinyin) {
      return;
    }
    import('pinyin-pro')
      .then((module) => {
        loadedPinyin = pinyinWords(module.pinyin);
        setToLatin(() => loadedPinyin);
      })
      .catch(() => undefined);
  }, []);
  return useCallback((name: string, taken: Iterable<string>) => suggestFieldKey(name, taken, toLatin ?? undefined), [toLatin]);
}
