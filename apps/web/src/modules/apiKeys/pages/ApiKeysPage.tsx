import { useState } from 'react';
import { App, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiKeyStates, permissionTitle, permissionTree, type AddApiKeyRequest, type ApiKeyState, type ApiKeyView } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { PageHeader } from '@/shared/components/PageHeader';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddApiKeyMutation, useApiKeysQuery, useRevokeApiKeyMutation } from '../api/apiKeys';
import { ApiKeyFormModal } from '../components/ApiKeyFormModal';
import { NewKeyDialog } from '../components/NewKeyDialog';
import '../apiKeys.css';

const stateColors: Record<ApiKeyState, string> = { active: 'success', expired: 'warning', revoked: 'default' };
const pages = new Set(permissionTree.flatMap((section) => (section.children ?? []).map((child) => child.code)));

/**
 * /sysSetting/apiKey (sys_api_key): the company's API keys (docs/security.md "API keys") — made
 * with codes of the user's own and an optional expiry, shown once, revoked at once; the list says
 * each key's state, creator, expiry and last use.
 */
export function ApiKeysPage() {
  const { t } = useTranslation(['apiKeys', 'texts']);
  const { message } = App.useApp();
  const locale = useLocale();
  const isPhone = useIsPhone();
  const paged = usePagedList<{ state?: ApiKeyState }>(20);
  const keys = useApiKeysQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, state: paged.filters.state });
  const add = useAddApiKeyMutation();
  const revoke = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);

  const handleCreate = (request: AddApiKeyRequest) =>
    add.mutate(request, {
      onSuccess: (answer) => {
        setCreating(false);
        setMade({ name: request.name, key: answer.key });
      },
    });

  const columns: TableColumnsType<ApiKeyView> = [
    {
      title: t('columns.name'),
      key: 'name',
      width: 190,
      render: (_value, key) => (
        <div className="sd-api-key-name">
          <span>{key.name}</span>
          <span className="sd-mono sd-muted">{`${key.hint}…`}</span>
          {isPhone && (
            <>
              <Tag color={stateColors[key.state]}>{t(`state.${key.state}`)}</Tag>
              <span className="sd-muted">{key.lastUsedAt === null ? t('neverUsed') : t('usedAt', { time: formatDateTime(key.lastUsedAt), ip: key.lastUsedIp })}</span>
            </>
          )}
        </div>
      ),
    },
    stateTagColumn<ApiKeyView, ApiKeyState>(t('columns.state'), 'state', { label: (state) => t(`state.${state}`), color: (state) => stateColors[state] }, { width: 90 }),
    {
      title: t('columns.codes'),
      key: 'codes',
      width: 110,
      render: (_value, key) => {
        const shown = key.codes.filter((code) => pages.has(code));
        return (
          <Tooltip title={shown.map((code) => permissionTitle(code, locale)).join(locale === 'zh-CN' ? '、' : ', ')}>
            <span className="sd-api-key-codes">{t('columns.codeCount', { count: shown.length })}</span>
          </Tooltip>
        );
      },
    },
    { title: t('columns.creator'), key: 'creator', width: 130, ellipsis: { showTitle: true }, render: (_value, key) => key.creator.name || '—' },
    timeColumn(t('columns.createdAt'), 'createdAt'),
    timeColumn(t('columns.expiresAt'), 'expiresAt', { none: <span className="sd-muted">{t('never')}</span> }),
    {
      title: t('columns.lastUsed'),
      key: 'lastUsed',
      width: 170,
      render: (_value, key) =>
        key.lastUsedAt === null ? (
          <span className="sd-muted">{t('neverUsed')}</span>
        ) : (
          <div className="sd-api-key-used">
            <span className="sd-nowrap">{formatDateTime(key.lastUsedAt)}</span>
            <span className="sd-mono sd-muted">{key.lastUsedIp}</span>
          </div>
        ),
    },
    actionsColumn(
      t('columns.actions'),
      (key) => [
        {
          key: 'revoke',
          label: t('actions.revoke'),
          ariaLabel: t('actions.revokeNamed', { name: key.name }),
          danger: true,
          disabled: key.state === 'revoked',
          tooltip: key.state === 'revoked' ? t('actions.alreadyRevoked') : undefined,
          popconfirm: {
            title: t('actions.revokeTitle', { name: key.name }),
            description: t('actions.revokeContent'),
            okText: t('actions.revoke'),
            onConfirm: () => revoke.mutateAsync(key.id).then(() => void message.success(t('actions.revoked'))),
          },
        },
      ],
      { width: 90, fixed: 'right' },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('page.title')} description={t('page.description')} actions={<AddButton label={t('page.create')} onClick={() => setCreating(true)} />} />
      <ListCard<ApiKeyView>
        columns={columns}
        query={keys}
        paged={paged}
        scrollX={1120}
        phoneKeys={['name', 'actions']}
        toolbar={<StateFilter states={apiKeyStates} label={(state) => t(`state.${state}`)} placeholder={t('columns.state')} paged={paged} />}
        texts={{ search: t('page.search'), empty: t('page.empty'), noMatch: t('page.noMatch'), hint: t('page.emptyHint'), total: (count) => t('page.total', { count }) }}
      />
      {creating && <ApiKeyFormModal saving={add.isPending} onSubmit={handleCreate} onCancel={() => setCreating(false)} />}
      {made && <NewKeyDialog name={made.name} apiKey={made.key} onClose={() => setMade(null)} />}
    </div>
  );
}
