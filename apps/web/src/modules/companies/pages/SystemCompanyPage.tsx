import { useEffect, useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { FileProtectOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompanyItem } from '@smartdata/domain';
import { CompanyLogo } from '@/shared/components/CompanyLogo';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
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
import { NewCompanyAdminPrompt, type CreatedCompany } from '../components/NewCompanyAdminPrompt';
import { OrderStateTag } from '../components/OrderStateTag';
import { timeZoneLabel } from '../components/timeZones';
import '../companies.css';

/**
 * /systemMaintenance/systemcompany (platform administrator): every company with its member count
 * and current order; create, rename, change the time zone, remove the logo, delete; orders.
 */
export function SystemCompanyPage() {
  const { t } = useTranslation(['companies', 'texts']);
  const paged = usePagedList();
  const companies = useCompanyListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
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
  const { confirmDelete } = useListActions();
  // A new company has no administrator: once created, the page says so and offers to add one.
  const [created, setCreated] = useState<CreatedCompany | null>(null);
  const addThenAsk = {
    isPending: addCompany.isPending,
    mutateAsync: async (values: CompanyValues) => {
      const answer = await addCompany.mutateAsync(values);
      setCreated({ companyId: answer.id, displayName: values.displayName });
      return answer;
    },
  };
  const dialog = useEditDialog(addThenAsk, updateCompany, (company: CompanyItem, values: CompanyValues) => ({ id: company.companyId, ...values }));

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
    timeColumn(t('columns.createdAt'), 'createdAt', { date: true }),
    actionsColumn(
      t('columns.actions'),
      (company) => [
        { key: 'orders', label: t('platform.orders'), icon: <FileProtectOutlined />, onClick: () => setOrdersOf(company), ariaLabel: t('platform.ordersNamed', { name: company.displayName }) },
        { kind: 'edit', name: company.displayName, onClick: () => dialog.edit(company) },
        companyLogoUri(company.cfg) && {
          key: 'removeLogo',
          label: t('platform.removeLogo'),
          icon: <PictureOutlined />,
          onClick: () => handleRemoveLogo(company),
          ariaLabel: t('platform.removeLogoNamed', { name: company.displayName }),
        },
        {
          kind: 'delete',
          name: company.displayName,
          disabled: company.isPlatform,
          tooltip: company.isPlatform ? t('platform.platformUndeletable') : undefined,
          confirm: {
            title: t('platform.deleteTitle', { name: company.displayName }),
            content: t('platform.deleteContent', { count: company.memberCount }),
            onDelete: () => deleteCompany.mutateAsync(company.companyId),
          },
        },
      ],
      { width: 250, fixed: 'right', wrap: true },
    ),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('platform.title')} description={t('platform.description')} actions={<AddButton label={t('platform.create')} onClick={dialog.create} />} />
      <ListCard<CompanyItem> rowKey="companyId" columns={columns} query={companies} paged={paged} scrollX={1100}
        texts={{ search: t('platform.search'), total: (count) => t('platform.total', { count }), empty: t('platform.empty'), noMatch: t('emptySearch') }}
      />
      {dialog.open && (
        <CompanyFormModal
          {...dialog.modal}
          title={editing ? t('platform.editTitle', { name: editing.displayName }) : t('platform.createTitle')}
          initialValues={editing ? { displayName: editing.displayName, timeZone: editing.timeZone } : undefined}
        />
      )}
      <CompanyOrdersDrawer company={ordersOf} onClose={() => setOrdersOf(null)} />
      <NewCompanyAdminPrompt company={created} onClose={() => setCreated(null)} />
    </div>
  );
}
