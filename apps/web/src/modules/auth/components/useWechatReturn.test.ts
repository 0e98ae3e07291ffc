import { describe, expect, it } from 'vitest';
import { wechatReturnOf } from './useWechatReturn';

describe('wechatReturnOf (what WXScanLogin sent back to /login)', () => {
  it('reads the token from the fragment and a known outcome from the query', () => {
    expect(wechatReturnOf({ hash: '#wxToken=abc_DEF-1', search: '' })).toEqual({ token: 'abc_DEF-1', outcome: null });
    expect(wechatReturnOf({ hash: '#wechat_redirect', search: '?wechat=unbound' })).toEqual({ token: null, outcome: 'unbound' });
  });

  it('ignores what it does not know', () => {
    expect(wechatReturnOf({ hash: '', search: '?wechat=<script>' })).toEqual({ token: null, outcome: null });
    expect(wechatReturnOf({ hash: '#wxToken=', search: '?redirect=%2Fhome' })).toEqual({ token: null, outcome: null });
  });
});
