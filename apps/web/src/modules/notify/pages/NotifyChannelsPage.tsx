import { App, Card, Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { locales, type ChannelView, type Locale } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { useTestSend } from '@/shared/hooks/useTestSend';
import { useAddChannelMutation, useChannelsQuery, useDeleteChannelMutation, useNotifySettingQuery, useTestChannelMutation, useUpdateChannelMutation, useUpdateNotifySettingMutation } from '../api/channels';
import { ChannelFormModal, type ChannelValues } from '../components/ChannelFormModal';
import '../notify.css';

const languageNames: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
const kindColors = { dingtalk: 'blue', wecom: 'green', feishu: 'cyan', webhook: 'default' } as const;

/**
 * /sysSetting/notifyChannel (sys_notify_channel): the company's DingTalk, WeCom and Feishu group
 * robots and webhooks (docs/alarms.md "Channels"), each with a test message, and the language of
 * the company's notifications.
 */
export function NotifyChannelsPage() {
  const { t } = useTranslation(['notify', 'texts']);
  const { message } = App.useApp();
  const channels = useChannelsQuery();
  const add = useAddChannelMutation();
  const update = useUpdateChannelMutation();
  const remove = useDeleteChannelMutation();
  const test = useTestChannelMutation();
  const setting = useNotifySettingQuery();
  const saveSetting = useUpdateNotifySettingMutation();
  const [testing, handleTest] = useTestSend(test.mutateAsync, t);
  const isPhone = useIsPhone();
  const dialog = useEditDialog(
    { mutateAsync: ({ kind, name, url, secret }: ChannelValues) => add.mutateAsync({ kind, name, url, ...(secret ? { secret } : {}) }), isPending: add.isPending },
    update,
    (channel: ChannelView, values: ChannelValues) => ({ id: channel.id, name: values.name, url: values.url, secret: values.secret, ...(values.clearSecret ? { clearSecret: true } : {}) }),
  );

  const columns: TableColumnsType<ChannelView> = [
    {
      title: t('columns.name'),
      key: 'name',
      width: isPhone ? undefined : 170,
      ellipsis: !isPhone,
      // On a phone the kind sits under the name (the kind column is left out).
      render: (_value, channel) =>
        isPhone ? (
          <div className="sd-notify-delivery">
            <span>{channel.name}</span>
            <Tag color={kindColors[channel.kind]}>{t(`kind.${channel.kind}`)}</Tag>
          </div>
        ) : (
          channel.name
        ),
    },
    { title: t('columns.kind'), dataIndex: 'kind', key: 'kind', width: 100, render: (kind: ChannelView['kind']) => <Tag color={kindColors[kind]}>{t(`kind.${kind}`)}</Tag> },
    { title: t('columns.url'), dataIndex: 'urlHint', key: 'url', render: (hint: string) => <span className="sd-mono sd-notify-url">{hint}</span> },
    {
      title: t('columns.secret'),
      key: 'secret',
      width: 90,
      render: (_value, channel) => (channel.kind === 'wecom' ? <span className="sd-muted">{t('secret.notUsed')}</span> : channel.secretSet ? <Tag color="success">{t('secret.set')}</Tag> : <Tag>{t('secret.none')}</Tag>),
    },
    timeColumn(t('columns.updatedAt'), 'updatedAt', { width: 160 }),
    actionsColumn(t('columns.actions'), (channel) => [
      { key: 'test', label: t('actions.test'), ariaLabel: t('actions.testNamed', { name: channel.name }), loading: testing === channel.id, onClick: () => void handleTest(channel.id) },
      { kind: 'edit', name: channel.name, onClick: () => dialog.edit(channel) },
      { kind: 'delete', name: channel.name, confirm: { title: t('page.deleteTitle', { name: channel.name }), content: t('page.deleteContent'), onDelete: () => remove.mutateAsync(channel.id) } },
    ], { wrap: isPhone, width: 250 }),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader title={t('page.title')} description={t('page.description')} actions={<AddButton label={t('page.create')} onClick={dialog.create} />} />
      <Card size="small" className="sd-notify-language">
        <label className="sd-notify-language__label" htmlFor="sd-notify-locale">
          {t('page.language')}
        </label>
        <Select<Locale>
          id="sd-notify-locale"
          className="sd-notify-language__select"
          value={setting.data?.locale}
          loading={setting.isPending || saveSetting.isPending}
          options={locales.map((value) => ({ value, label: languageNames[value] }))}
          onChange={(locale) => saveSetting.mutate({ locale }, { onSuccess: () => void message.success(t('page.languageSaved')) })}
        />
        <span className="sd-muted">{t('page.languageHint')}</span>
      </Card>
      <ListCard<ChannelView>
        columns={columns}
        query={channels}
        scrollX={1040}
        phoneKeys={['name', 'actions']}
        texts={{ search: t('page.search'), empty: t('page.empty'), noMatch: t('emptySearch'), hint: t('page.emptyHint'), total: (count) => t('page.total', { count }) }}
      />
      {dialog.open && <ChannelFormModal {...dialog.modal} title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')} channel={editing ?? undefined} />}
    </div>
  );
}
