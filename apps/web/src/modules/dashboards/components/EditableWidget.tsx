import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WidgetView } from '@smartdata/domain';
import { WidgetBody } from './WidgetBody';

/** A widget in an editor: drag by its header, settings and delete (asked first) at its corner. */
export function EditableWidget({ widget, refreshMs, onSettings, onDelete }: { widget: WidgetView; refreshMs: number; onSettings: () => void; onDelete: () => void }) {
  const { t } = useTranslation('dashboards');
  const name = widget.title || t(`kind.${widget.kind}`);
  return (
    <section className="sd-widget sd-widget--editing" aria-label={name} data-widget-id={widget.id}>
      <header className="sd-widget__header sd-widget__drag">
        <h2 className="sd-widget__title">{name}</h2>
        <Space size={0} className="sd-widget__tools">
          <Button size="small" type="text" icon={<SettingOutlined />} onClick={onSettings} aria-label={t('editor.settingsOf', { name })} />
          <Popconfirm title={t('editor.deleteWidget', { name })} okText={t('actions.delete')} cancelText={t('actions.cancel')} okButtonProps={{ danger: true }} onConfirm={onDelete}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('editor.deleteOf', { name })} />
          </Popconfirm>
        </Space>
      </header>
      <div className="sd-widget__body">
        <WidgetBody widget={widget} refreshMs={refreshMs} editing />
      </div>
    </section>
  );
}
