import { useEffect, useState } from 'react';
import { wechatOutcomes, type WechatOutcome } from '@smartdata/domain';
import { getWechatLoginOption } from '../api/wechatLogin';

/** What WXScanLogin sent back to /login: a token in the fragment, or a reason in `?wechat=`. */
export function wechatReturnOf(location: Pick<Location, 'hash' | 'search'>): { token: string | null; outcome: WechatOutcome | null } {
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('wxToken');
  const outcome = new URLSearchParams(location.search).get('wechat');
  return { token: token || null, outcome: (wechatOutcomes as readonly string[]).includes(outcome ?? '') ? (outcome as WechatOutcome) : null };
}

const isFramed = () => typeof window !== 'undefined' && window.self !== window.top;

/**
 * The sign-in page's side of WeChat scan sign-in: whether the WeChat tab is offered, and what a
 * return from WXScanLogin means. A token starts the session (the public-route guard then opens the
 * console); it is taken out of the address at once. In the QR frame (the scan redirected the frame
 * rather than the page) the page hands the address to the top window, which may only see its
 * fragment change (it is on /login already): hence the hashchange listener.
 */
export function useWechatReturn(): { enabled: boolean; outcome: WechatOutcome | null; signingIn: boolean } {
  const [current, setCurrent] = useState(() => (typeof window === 'undefined' ? { token: null, outcome: null } : wechatReturnOf(window.location)));
  const [enabled, setEnabled] = useState(false);
  const [failedToken, setFailedToken] = useState<string | null>(null);
  const framed = isFramed();

  useEffect(() => {
    if (framed) {
      if (current.token !== null || current.outcome !== null) {
        window.top?.location.replace(window.location.href);
      }
      return;
    }
    getWechatLoginOption()
      .then((option) => setEnabled(option.enabled))
      .catch(() => setEnabled(false));
    const handleHashChange = () => setCurrent(wechatReturnOf(window.location));
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
    // Once per page: later returns arrive through hashchange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [framed]);

  const token = framed ? null : current.token;
  useEffect(() => {
    if (token === null) {
      return;
    }
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    import('../api/getCurrentUser')
      .then((session) => session.startSession(token))
      .catch(() => setFailedToken(token));
  }, [token]);

  return { enabled, outcome: current.outcome, signingIn: token !== null && failedToken !== token };
}
