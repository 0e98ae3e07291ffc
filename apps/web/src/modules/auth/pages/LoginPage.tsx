import { useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthShell } from '../components/AuthShell';
import { AuthTabs } from '../components/AuthTabs';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { RegisterForm } from '../components/RegisterForm';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { SmsLoginForm } from '../components/SmsLoginForm';
import { WechatLoginPanel } from '../components/WechatLoginPanel';
import { useWechatReturn } from '../components/useWechatReturn';

type AuthMode = 'login' | 'register' | 'reset';

function modeOf(value: string | null): AuthMode {
  return value === 'register' || value === 'reset' ? value : 'login';
}

/**
 * /login, the only public route. Register and reset password are views of the same page
 * (`?mode=register|reset`) so that /login stays the one public route; `redirect` is kept.
 * After sign-in the public-route guard takes the user to the redirect target.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = modeOf(searchParams.get('mode'));
  const [method, setMethod] = useState('account');
  const [passwordReset, setPasswordReset] = useState(false);
  const wechat = useWechatReturn();

  const switchMode = (next: AuthMode) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'login') {
          params.delete('mode');
        } else {
          params.set('mode', next);
        }
        return params;
      },
      { replace: true },
    );
  };

  const backToLogin = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => switchMode('login')} className="sd-auth__back">
      {mode === 'register' ? t('register.backToLogin') : t('reset.backToLogin')}
    </Button>
  );

  return (
    <AuthShell>
      {mode === 'login' && (
        <>
          <h2 className="sd-auth__heading">{t('login.welcome')}</h2>
          {wechat.signingIn && <Spin className="sd-auth__wechat-signing" aria-label={t('login.wechat.signingIn')} />}
          {wechat.outcome && (
            <Alert className="sd-auth__wechat-outcome" type={wechat.outcome === 'unbound' ? 'info' : 'warning'} showIcon title={t(`login.wechat.outcome.${wechat.outcome}`)} />
          )}
          {passwordReset && (
            <p className="sd-auth__success" role="status">
              {t('reset.success')}
            </p>
          )}
          <AuthTabs
            activeKey={method}
            onChange={setMethod}
            tabs={[
              { key: 'account', label: t('login.tabs.account'), content: <PasswordLoginForm /> },
              { key: 'phone', label: t('login.tabs.phone'), content: <SmsLoginForm /> },
              ...(wechat.enabled ? [{ key: 'wechat', label: t('login.tabs.wechat'), content: method === 'wechat' ? <WechatLoginPanel /> : null }] : []),
            ]}
          />
          <div className="sd-auth__links">
            <Button type="link" onClick={() => switchMode('reset')}>
              {t('login.forgotPassword')}
            </Button>
            <span>
              <span className="sd-auth__muted">{t('login.noAccount')}</span>
              <Button type="link" onClick={() => switchMode('register')}>
                {t('login.register')}
              </Button>
            </span>
          </div>
        </>
      )}
      {mode === 'register' && (
        <>
          <h2 className="sd-auth__heading">{t('register.title')}</h2>
          <p className="sd-auth__hint">{t('register.hint')}</p>
          <RegisterForm />
          <div className="sd-auth__links sd-auth__links--center">{backToLogin}</div>
        </>
      )}
      {mode === 'reset' && (
        <>
          <h2 className="sd-auth__heading">{t('reset.title')}</h2>
          <p className="sd-auth__hint">{t('reset.hint')}</p>
          <ResetPasswordForm
            onDone={() => {
              setPasswordReset(true);
              switchMode('login');
            }}
          />
          <div className="sd-auth__links sd-auth__links--center">{backToLogin}</div>
        </>
      )}
    </AuthShell>
  );
}
