import type { ReactNode } from 'react';
import { Button, Dropdown, Space, Tag } from 'antd';
import { AreaChartOutlined, FileTextOutlined, FormOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataItemDetail } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { chartPagePath } from '@/shared/routing/chartPaths';
import { formPagePath, recordsPath, settingsPath } from '@/shared/routing/dataItemPaths';
import { docTemplatesPath } from '@/shared/routing/templatePaths';

interface ItemHeaderProps {
  item: DataItemDetail;
  title?: ReactNode;
  description?: ReactNode;
  /** The page this header sits on (its own link is left out). */
  current: 'records' | 'settings' | 'form';
}

/** Heading of the data item pages: name, kind, record count, and links between records, form and settings. */
export function ItemHeader({ item, title, description, current }: ItemHeaderProps) {
  const { t } = useTranslation('data-items');
  const navigate = useNavigate();
  const link = { id: item.id, name: item.name, kind: item.kind, nodeId: item.nodeId, directoryId: item.directoryId };
  const canWrite = item.level === 'readWrite' || item.level === 'admin';
  return (
    <PageHeader
      title={
        <Space size={8} wrap>
          <span>{title ?? item.name}</span>
          <Tag color="blue" className="sd-item-header__kind">
            {t(`kinds.${item.kind}`)}
          </Tag>
        </Space>
      }
      description={description ?? t('records.description', { count: item.recordCount ?? 0 })}
      actions={
        <>
          {current !== 'records' && (
            <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(recordsPath(link))}>
              {t('links.records')}
            </Button>
          )}
          {current !== 'form' &&
            canWrite &&
            item.forms.length > 0 &&
            (item.forms.length === 1 ? (
              <Button icon={<FormOutlined />} onClick={() => void navigate(formPagePath(link, item.forms[0].id))}>
                {t('links.fillForm')}
              </Button>
            ) : (
              <Dropdown trigger={['click']} menu={{ items: item.forms.map((form) => ({ key: String(form.id), label: form.name, onClick: () => navigate(formPagePath(link, form.id)) })) }}>
                <Button icon={<FormOutlined />}>{t('links.fillForm')}</Button>
              </Dropdown>
            ))}
          <Button icon={<AreaChartOutlined />} onClick={() => void navigate(chartPagePath({ id: item.id, name: item.name, nodeId: item.nodeId }))}>
            {t('links.charts')}
          </Button>
          <Button icon={<FileTextOutlined />} onClick={() => void navigate(docTemplatesPath({ id: item.id, name: item.name }))}>
            {t('links.docTemplates')}
          </Button>
          {current !== 'settings' && (
            <Button icon={<SettingOutlined />} onClick={() => void navigate(settingsPath(link))}>
              {t('links.settings')}
            </Button>
          )}
        </>
      }
    />
  );
}
