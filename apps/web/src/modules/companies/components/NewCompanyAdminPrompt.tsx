import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleListQuery } from '@/modules/users/api/getRoleList';
import { SysUserCreateModal } from '@/modules/users/components/SysUserCreateModal';

/** A company the platform administrator has just created. */
export interface CreatedCompany {
  companyId: number;
  displayName: string;
}

/**
 * After a company is created (issue 31.15): it has no administrator yet, so no one can enter it.
 * Says so and offers to add one at once — the system users' new-user dialog with the company fixed
 * and its administrator role (the one role a new company has) chosen.
 */
export function NewCompanyAdminPrompt({ company, onClose }: { company: CreatedCompany | null; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const [adding, setAdding] = useState(false);
  const roles = useRoleListQuery({ companyId: company?.companyId, enabled: company !== null });
  const close = () => {
    setAdding(false);
    onClose();
  };
  return (
    <>
      <Modal
        open={company !== null && !adding}
        title={t('platform.createdTitle', { name: company?.displayName ?? '' })}
        onCancel={close}
        footer={[
          <Button key="later" onClick={close}>
            {t('platform.adminLater')}
          </Button>,
          <Button key="add" type="primary" loading={roles.isPending} onClick={() => setAdding(true)}>
            {t('platform.addAdmin')}
          </Button>,
        ]}
      >
        <p>{t('platform.needsAdmin')}</p>
      </Modal>
      {company && <SysUserCreateModal open={adding} onClose={close} company={{ ...company, roleIds: (roles.data ?? []).map((role) => role.id) }} />}
    </>
  );
}
