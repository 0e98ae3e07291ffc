import { useCallback, useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getWechatLoginUrl } from '../api/wechatLogin';

/**
 * The WeChat tab of /login: WeChat's website-application QR page (qrconnect) in a frame, as WeChat
 * documents for embedding (docs/auth.md). After a scan WeChat sends the browser to
 * /general/user/WXScanLogin, which comes back to /login with the token or a reason.
 */
export function WechatLoginPanel() {
  const { t } = useTranslation('auth');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setUrl(null);
    setFailed(false);
    getWechatLoginUrl()
      .then((answer) => setUrl(answer.url))
      .catch(() => setFailed(true));
  }, []);

  useEffect(load, [load]);

  return (
    <div className="sd-auth-wechat">
      <div className="sd-auth-wechat__frame">
        {url ? (
          <iframe src={url} title={t('login.wechat.frameTitle')} width={300} height={400} sandbox="allow-scripts allow-same-origin allow-top-navigation" />
        ) : failed ? (
          <span className="sd-auth__muted">{t('login.wechat.loadFailed')}</span>
        ) : (
          <Spin aria-label={t('login.wechat.loading')} />
        )}
      </div>
      <p className="sd-auth-wechat__hint">
        <WechatOutlined aria-hidden="true" /> {t('login.wechat.hint')}
      </p>
      <Button type="link" icon={<ReloadOutlined />} onClick={load}>
        {t('login.wechat.refresh')}
      </Button>
    </div>
  );
}
