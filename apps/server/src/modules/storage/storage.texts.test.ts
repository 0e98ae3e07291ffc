import { describe, expect, it } from 'vitest';
import { userTexts } from '@smartdata/domain';
import { serverTexts } from '@server/platform/serverTexts';

describe('storage server texts', () => {
  it('are the user texts of spec §8, word for word', () => {
    expect(serverTexts['storage.fileFormatIncorrect']).toEqual(userTexts.fileFormatIncorrect);
    expect(serverTexts['storage.imageTooLarge']).toEqual(userTexts.imageTooLarge);
  });
});
