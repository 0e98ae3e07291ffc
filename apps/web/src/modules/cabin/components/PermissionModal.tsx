import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Modal, Radio, Select, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { grantScopes, permissionLevels, permissionModes, type CabinTreeNode, type GrantScope, type GrantView, type PermissionLevel, type PermissionMode } from '@smartdata/domain';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useGroupOptionsQuery } from '../api/getGroupOptions';
import { useMemberOptionsQuery } from '../api/getMemberOptions';
import { usePermissionQuery } from '../api/getPermission';
import { useSetPermissionMutation } from '../api/setPermission';
import { grantKey, grantsToSend, putGrant, sortGrants, type GrantRow } from './grants';
import { LevelTag } from './LevelTag';

interface PermissionModalProps {
  node: CabinTreeNode;
  onClose: () => void;
}

/** Picks the group or person a new grant is for, searching on the server as one types. */
function TargetPicker({ scope, taken, value, onChange }: { scope: Exclude<GrantScope, 'company'>; taken: Set<string>; value: GrantRow | null; onChange: (row: GrantRow | null) => void }) {
  const { t } = useTranslation('cabin');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const groups = useGroupOptionsQuery(keyword, scope === 'group');
  const members = useMemberOptionsQuery(keyword, scope === 'user');
  const options =
    scope === 'group'
      ? (groups.data?.list ?? []).map((group) => ({ value: group.id, label: group.name, name: group.name }))
      : (members.data?.list ?? []).map((member) => ({ value: Number(member.userId), label: `${member.name || member.userName} (${member.userName})`, name: member.name || member.userName }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      className="sd-cabin-grant-add__target"
      aria-label={t(scope === 'group' ? 'permission.pickGroup' : 'permission.pickUser')}
      placeholder={t(scope === 'group' ? 'permission.pickGroup' : 'permission.pickUser')}
      loading={scope === 'group' ? groups.isFetching : members.isFetching}
      value={value?.targetId}
      allowClear
      notFoundContent={t('permission.noTargets')}
      options={options.map((option) => ({ ...option, disabled: taken.has(grantKey({ scope, targetId: option.value })) }))}
      onChange={(targetId: number | undefined, option) => {
        const picked = Array.isArray(option) ? option[0] : option;
        onChange(targetId === undefined || !picked ? null : { scope, targetId, targetName: (picked as { name: string }).name, level: 'read' });
      }}
    />
  );
}

/**
 * A node's data permissions (spec §4, §6): default mode inherits the grants shown from above;
 * custom mode replaces them with the node's own grants to the whole company, groups and people.
 * The caller's effective level is shown as the server computes it.
 */
export function PermissionModal({ node, onClose }: PermissionModalProps) {
  const { t } = useTranslation(['cabin', 'texts']);
  const { message } = App.useApp();
  const permission = usePermissionQuery(node.id);
  const companyId = useSessionStore((state) => state.company?.companyId);
  const companyName = useSessionStore((state) => state.company?.displayName);
  const save = useSetPermissionMutation();
  const [mode, setMode] = useState<PermissionMode>(node.mode);
  const [rows, setRows] = useState<GrantRow[]>([]);
  const [addScope, setAddScope] = useState<GrantScope>('group');
  const [addTarget, setAddTarget] = useState<GrantRow | null>(null);
  const [addLevel, setAddLevel] = useState<PermissionLevel>('read');

  const data = permission.data;
  useEffect(() => {
    if (data) {
      setMode(data.mode);
      setRows(sortGrants(data.grants));
    }
  }, [data]);

  const taken = useMemo(() => new Set(rows.map(grantKey)), [rows]);
  const companyGranted = rows.some((row) => row.scope === 'company');

  const handleMode = (next: PermissionMode) => {
    setMode(next);
    // A node made custom starts from what it inherited, so nobody loses access by surprise.
    if (next === 'custom' && rows.length === 0 && data) {
      setRows(sortGrants(data.inherited));
    }
  };

  const handleAdd = () => {
    if (addScope === 'company') {
      setRows((current) => putGrant(current, { scope: 'company', targetId: Number(companyId ?? 0), targetName: companyName ?? '', level: addLevel }));
      setAddScope('group');
      return;
    }
    if (addTarget) {
      setRows((current) => putGrant(current, { ...addTarget, level: addLevel }));
      setAddTarget(null);
    }
  };

  const handleSave = async () => {
    try {
      await save.mutateAsync({ nodeId: node.id, mode, grants: mode === 'custom' ? grantsToSend(rows) : [] });
      void message.success(t('texts:operationSuccess'));
      onClose();
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const targetCell = (grant: Pick<GrantView, 'scope' | 'targetName'>) => grant.targetName || t('permission.everyone');
  const scopeCell = (scope: GrantScope) => <Tag className={`sd-cabin-scope sd-cabin-scope--${scope}`}>{t(`scopes.${scope}`)}</Tag>;

  const inheritedColumns: TableColumnsType<GrantView> = [
    { title: t('permission.columns.scope'), dataIndex: 'scope', key: 'scope', width: 110, render: scopeCell },
    { title: t('permission.columns.target'), key: 'target', render: (_value, grant) => targetCell(grant) },
    { title: t('permission.columns.level'), dataIndex: 'level', key: 'level', width: 140, render: (level: PermissionLevel) => <LevelTag level={level} /> },
  ];
  const ownColumns: TableColumnsType<GrantRow> = [
    { title: t('permission.columns.scope'), dataIndex: 'scope', key: 'scope', width: 110, render: scopeCell },
    { title: t('permission.columns.target'), key: 'target', render: (_value, grant) => targetCell(grant) },
    {
      title: t('permission.columns.level'),
      key: 'level',
      width: 170,
      render: (_value, grant) => (
        <Select<PermissionLevel>
          size="small"
          value={grant.level}
          aria-label={t('permission.levelOf', { name: targetCell(grant) })}
          style={{ width: '100%' }}
          options={permissionLevels.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
          onChange={(level) => setRows((current) => putGrant(current, { ...grant, level }))}
        />
      ),
    },
    {
      title: t('permission.columns.actions'),
      key: 'actions',
      width: 80,
      render: (_value, grant) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('permission.removeGrant', { name: targetCell(grant) })}
          onClick={() => setRows((current) => current.filter((row) => grantKey(row) !== grantKey(grant)))}
        >
          {t('actions.remove')}
        </Button>
      ),
    },
  ];

  const inheritedTitle = data?.inheritedFrom ? t('permission.inheritedFrom', { name: data.inheritedFrom.name }) : t('permission.inheritedFromTop');

  return (
    <Modal
      open
      title={t('permission.title', { name: node.name })}
      width={780}
      okText={t('actions.save')}
      okButtonProps={{ disabled: !data }}
      confirmLoading={save.isPending}
      onOk={() => void handleSave()}
      onCancel={onClose}
      destroyOnHidden
    >
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div className="sd-cabin-permission">
          <Alert
            type="info"
            showIcon
            title={
              <span>
                {t('permission.effective')} <LevelTag level={data.effective.level} /> <span className="sd-muted">{t(`sources.${data.effective.source}`)}</span>
              </span>
            }
          />

          <section className="sd-cabin-permission__section" aria-label={t('permission.mode')}>
            <h3 className="sd-cabin-permission__heading">{t('permission.mode')}</h3>
            <Radio.Group
              value={mode}
              onChange={(event) => handleMode(event.target.value as PermissionMode)}
              options={permissionModes.map((value) => ({ value, label: t(`modes.${value}`) }))}
            />
            <p className="sd-muted sd-cabin-permission__hint">{t(mode === 'default' ? 'permission.defaultHint' : 'permission.customHint')}</p>
          </section>

          <section className="sd-cabin-permission__section" aria-label={t('permission.inherited')}>
            <h3 className="sd-cabin-permission__heading">
              {t('permission.inherited')}
              <span className="sd-muted sd-cabin-permission__from">{inheritedTitle}</span>
              {mode === 'custom' && <Tag className="sd-cabin-permission__inactive">{t('permission.notApplied')}</Tag>}
            </h3>
            <Table<GrantView>
              size="small"
              rowKey={grantKey}
              columns={inheritedColumns}
              dataSource={sortGrants(data.inherited)}
              pagination={false}
              className={mode === 'custom' ? 'sd-cabin-permission__dimmed' : undefined}
              locale={{ emptyText: t('permission.noInherited') }}
            />
          </section>

          {mode === 'custom' && (
            <section className="sd-cabin-permission__section" aria-label={t('permission.own')}>
              <h3 className="sd-cabin-permission__heading">{t('permission.own')}</h3>
              <div className="sd-cabin-grant-add">
                <Select<GrantScope>
                  aria-label={t('permission.columns.scope')}
                  value={addScope}
                  className="sd-cabin-grant-add__scope"
                  onChange={(scope) => {
                    setAddScope(scope);
                    setAddTarget(null);
                  }}
                  options={grantScopes.map((scope) => ({ value: scope, label: t(`scopes.${scope}`), disabled: scope === 'company' && companyGranted }))}
                />
                {addScope === 'company' ? (
                  <span className="sd-cabin-grant-add__target sd-cabin-grant-add__company">{t('permission.everyone')}</span>
                ) : (
                  <TargetPicker key={addScope} scope={addScope} taken={taken} value={addTarget} onChange={setAddTarget} />
                )}
                <Select<PermissionLevel>
                  aria-label={t('permission.newLevel')}
                  value={addLevel}
                  className="sd-cabin-grant-add__level"
                  onChange={setAddLevel}
                  options={permissionLevels.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
                />
                <Button icon={<PlusOutlined />} onClick={handleAdd} disabled={addScope === 'company' ? companyGranted : addTarget === null}>
                  {t('permission.add')}
                </Button>
              </div>
              <Table<GrantRow>
                size="small"
                rowKey={grantKey}
                columns={ownColumns}
                dataSource={rows}
                pagination={false}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permission.noGrants')} /> }}
              />
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
