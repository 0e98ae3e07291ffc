import { useEffect, useState } from 'react';
import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, FileProtectOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompanyItem } from '@smartdata/domain';
import { CompanyLogo } from '@/shared/components/CompanyLogo';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { companyLogoUri } from '@/shared/utils/companyLogo';
import { formatDate } from '@/shared/utils/formatTime';
import { useAddCompanyMutation } from '../api/addCompany';
import { useDeleteCompanyMutation } from '../api/deleteCompany';
import { useCompanyListQuery } from '../api/getCompanyList';
import { useRemoveSysCompanyLogoMutation } from '../api/removeSysCompanyLogo';
import { useUpdateCompanyMutation, type CompanyValues } from '../api/updateCompany';
import { CompanyFormModal } from '../components/CompanyFormModal';
import { CompanyOrdersDrawer } from '../components/CompanyOrdersDrawer';
import { OrderStateTag } from '../components/OrderStateTag';
import { timeZoneLabel } from '../components/timeZones';
import '../companies.css';

type Editing = { mode: 'create' } | { mode: 'edit'; company: CompanyItem };

/**
 * /systemMaintenance/systemcompany (platform administrator): every company with its member count
 * and current order; create, rename, change the time zone, remove the logo, delete; orders.
 */
export function SystemCompanyPage() {
  const { t } = useTranslation(['companies', 'texts']);
  const paged = usePagedList();
  const companies = useCompanyListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [ordersOf, setOrdersOf] = useState<CompanyItem | null>(null);
  const addCompany = useAddCompanyMutation();
  const updateCompany = useUpdateCompanyMutation();
  const deleteCompany = useDeleteCompanyMutation();
  const removeLogo = useRemoveSysCompanyLogoMutation();

  // Keep the drawer's company in step with the list (its current order changes on renewal).
  const list = companies.data?.list;
  useEffect(() => {
    setOrdersOf((current) => (current ? (list?.find((item) => item.companyId === current.companyId) ?? current) : current));
  }, [list]);
  const { save, confirmDelete } = useListActions();

  const handleSubmit = (values: CompanyValues) =>
    save(
      () => (editing?.mode === 'edit' ? updateCompany.mutateAsync({ id: editing.company.companyId, ...values }) : addCompany.mutateAsync(values)),
      () => setEditing(null),
    );

  const handleDelete = (company: CompanyItem) =>
    confirmDelete({
      title: t('platform.deleteTitle', { name: company.displayName }),
      content: t('platform.deleteContent', { count: company.memberCount }),
      okText: t('actions.delete'),
      onDelete: () => deleteCompany.mutateAsync(company.companyId),
    });

  const handleRemoveLogo = (company: CompanyItem) =>
    confirmDelete({
      title: t('platform.removeLogoTitle', { name: company.displayName }),
      content: t('logo.removeContent'),
      okText: t('logo.remove'),
      onDelete: () => removeLogo.mutateAsync(company.companyId),
    });

  const columns: TableColumnsType<CompanyItem> = [
    {
      title: t('platform.company'),
      key: 'company',
      render: (_value, company) => (
        <span className="sd-company-name">
          <CompanyLogo name={company.displayName} cfg={company.cfg} size={32} alt={t('logo.alt', { name: company.displayName })} />
          <span className="sd-company-name__text">
            <span className="sd-company-name__title">
              {company.displayName}
              {company.isPlatform && <Tag color="geekblue">{t('platform.platformTag')}</Tag>}
            </span>
          </span>
        </span>
      ),
    },
    { title: t('fields.timeZone'), dataIndex: 'timeZone', key: 'timeZone', width: 170, render: (zone: string) => timeZoneLabel(zone) },
    { title: t('columns.members'), dataIndex: 'memberCount', key: 'memberCount', width: 110, align: 'right', className: 'sd-nowrap' },
    {
      title: t('platform.currentOrder'),
      key: 'order',
      width: 230,
      render: (_value, company) =>
        company.order ? (
          <span className="sd-company-order">
            <span>
              {company.order.swProductId} · {company.order.subTypeId}
            </span>
            <span className="sd-company-order__meta">
              {t('platform.expiresOn', { date: formatDate(company.order.expireAt) })}
              <OrderStateTag expireAt={company.order.expireAt} />
            </span>
          </span>
        ) : (
          <span className="sd-muted">{t('platform.noOrder')}</span>
        ),
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 120,
      className: 'sd-nowrap',
      render: (value: number) => formatDate(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_value, company) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<FileProtectOutlined />} onClick={() => setOrdersOf(company)} aria-label={t('platform.ordersNamed', { name: company.displayName })}>
            {t('platform.orders')}
          </Button>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', company })} aria-label={t('actions.editNamed', { name: company.displayName })}>
            {t('actions.edit')}
          </Button>
          {companyLogoUri(company.cfg) && (
            <Button
              type="link"
              size="small"
              icon={<PictureOutlined />}
              onClick={() => handleRemoveLogo(company)}
              aria-label={t('platform.removeLogoNamed', { name: company.displayName })}
            >
              {t('platform.removeLogo')}
            </Button>
          )}
          <Tooltip title={company.isPlatform ? t('platform.platformUndeletable') : undefined}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={company.isPlatform}
              onClick={() => handleDelete(company)}
              aria-label={t('actions.deleteNamed', { name: company.displayName })}
            >
              {t('actions.delete')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader
        title={t('platform.title')}
        description={t('platform.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('platform.create')}
          </Button>
        }
      />
      <ListCard<CompanyItem>
        rowKey="companyId"
        columns={columns}
        rows={companies.data?.list ?? []}
        loading={companies.isFetching}
        pending={companies.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('platform.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: companies.data?.total ?? 0, totalText: (count) => t('platform.total', { count }) }}
        empty={{ text: t('platform.empty'), searchText: t('emptySearch') }}
        scrollX={1100}
      />
      {editing && (
        <CompanyFormModal
          title={editing.mode === 'edit' ? t('platform.editTitle', { name: editing.company.displayName }) : t('platform.createTitle')}
          initialValues={editing.mode === 'edit' ? { displayName: editing.company.displayName, timeZone: editing.company.timeZone } : undefined}
          saving={addCompany.isPending || updateCompany.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
      <CompanyOrdersDrawer company={ordersOf} onClose={() => setOrdersOf(null)} />
    </div>
  );
}
