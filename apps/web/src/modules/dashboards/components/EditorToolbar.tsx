import { useEffect } from 'react';
import { Button, Dropdown, Select, Space, Tag } from 'antd';
import { EyeOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dashboardLimits, widgetKinds, type WidgetKind } from '@smartdata/domain';

interface EditorToolbarProps {
  dirty: boolean;
  saving: boolean;
  refreshMinutes: number;
  onRefreshChange: (minutes: number) => void;
  onAdd: (kind: WidgetKind) => void;
  onSave: () => void;
  onPreview: () => void;
}

/** Add a widget, the refresh interval, save (also Ctrl+S) and preview. */
export function EditorToolbar({ dirty, saving, refreshMinutes, onRefreshChange, onAdd, onSave, onPreview }: EditorToolbarProps) {
  const { t } = useTranslation('dashboards');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        onSave();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSave]);
  return (
    <Space wrap>
      <Dropdown menu={{ items: widgetKinds.map((kind) => ({ key: kind, label: t(`kind.${kind}`) })), onClick: ({ key }) => onAdd(key as WidgetKind) }}>
        <Button icon={<PlusOutlined />}>{t('editor.addWidget')}</Button>
      </Dropdown>
      <Select
        aria-label={t('fields.refreshMinutes')}
        value={refreshMinutes}
        style={{ width: 180 }}
        onChange={onRefreshChange}
        options={dashboardLimits.refreshMinutes.map((m) => ({ value: m, label: t('refresh.every', { count: m }) }))}
      />
      {dirty && <Tag color="orange">{t('editor.unsaved')}</Tag>}
      <Button icon={<EyeOutlined />} onClick={onPreview}>
        {t('editor.preview')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
        {t('actions.save')}
      </Button>
    </Space>
  );
}
