import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { setNotifier, type ApiNotice } from './notifier';
import { uploadObject } from './objectUpload';

const notices: ApiNotice[] = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNotifier((notice) => notices.push(notice));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadObject', () => {
  it('refuses a file whose name hides its type behind a bidi override before asking for anything', async () => {
    const file = new File(['%PDF'], 'invoice\u202excod.pdf', { type: 'application/pdf' });
    await expect(uploadObject(file, 'private')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notices).toEqual([{ title: '提示', description: '不能包含控制字符或文字方向控制符' }]);
  });
});
