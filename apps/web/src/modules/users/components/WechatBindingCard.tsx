import { useEffect } from 'react';
import { Alert, App, Button, Card, Skeleton, Tag } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { wechatOutcomes, type WechatOutcome } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useBindWechatMutation, useUnbindWechatMutation, useWechatBindingQuery } from '../api/wechat';

/**
 * The personal center's WeChat binding (docs/auth.md): binding sends the browser to WeChat's
 * qrconnect page with a binding state; WeChat comes back through WXScanLogin to
 * /user/userinfo?wechat=<outcome>, told here. Offered only when the platform set up WeChat.
 */
export function WechatBindingCard() {
  const { t } = useTranslation(['users', 'texts']);
  const { message, modal } = App.useApp();
  const binding = useWechatBindingQuery();
  const bind = useBindWechatMutation();
  const unbind = useUnbindWechatMutation();
  const [searchParams, setSearchParams] = useSearchParams();
  const given = searchParams.get('wechat');
  const outcome = (wechatOutcomes as readonly string[]).includes(given ?? '') ? (given as WechatOutcome) : null;

  useEffect(() => {
    if (outcome === 'bound') {
      void message.success(t('texts:bindingSuccess'));
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('wechat');
        return next;
      }, { replace: true });
    }
  }, [outcome, message, t, setSearchParams]);

  const handleBind = async () => {
    try {
      const { url } = await bind.mutateAsync();
      window.location.assign(url);
    } catch {
      // Shown by the API client.
    }
  };

  const handleUnbind = () =>
    modal.confirm({
      title: t('wechat.unbindConfirm'),
      okText: t('wechat.unbind'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await unbind.mutateAsync();
        void message.success(t('texts:operationSuccess'));
      },
    });

  if (binding.data && !binding.data.enabled && !binding.data.bound) {
    return null;
  }
  return (
    <Card title={t('wechat.title')} className="sd-userinfo__card" aria-label={t('wechat.title')}>
      {outcome && outcome !== 'bound' && <Alert className="sd-userinfo__wechat-alert" type="warning" showIcon title={t(`wechat.outcome.${outcome}`)} />}
      {binding.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div className="sd-userinfo__wechat">
          <WechatOutlined className="sd-userinfo__wechat-icon" aria-hidden="true" />
          <div className="sd-userinfo__wechat-text">
            <div>
              {binding.data?.bound ? <Tag color="success">{t('wechat.bound')}</Tag> : <Tag>{t('wechat.unbound')}</Tag>}
            </div>
            <div className="sd-muted">
              {binding.data?.bound && binding.data.boundAt ? t('wechat.boundAt', { time: formatDateTime(binding.data.boundAt) }) : t('wechat.intro')}
            </div>
          </div>
          {binding.data?.bound ? (
            <Button danger onClick={() => void handleUnbind()} loading={unbind.isPending}>
              {t('wechat.unbind')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void handleBind()} loading={bind.isPending}>
              {t('wechat.bind')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
