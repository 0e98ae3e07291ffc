import { Badge, Button, Tooltip } from 'antd';
import { CarryOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useMyAssignmentsQuery } from '../api/getMyAssignments';

const ASSIGNMENTS_PATH = '/user/myassignmentanze';

/**
 * The navbar's count of my assignments (alarms to handle, tasks I may run; docs/assignments.md);
 * a click opens the list. Shown to those who may open it (pc_my_assignment).
 */
export function AssignmentsBadge() {
  const codes = useMenuCodes();
  return codes.has('pc_my_assignment') ? <AssignmentsButton /> : null;
}

function AssignmentsButton() {
  // Without suspense: the navbar must not wait for the module's texts (they load on first use).
  const { t, ready } = useTranslation('users', { useSuspense: false });
  const navigate = useNavigate();
  const assignments = useMyAssignmentsQuery();
  if (!ready) {
    return null;
  }
  const counts = assignments.data?.counts ?? { alarm: 0, task: 0 };
  const total = assignments.data?.total ?? 0;
  const label = total > 0 ? t('assignments.badge.label', { count: total, alarms: counts.alarm, tasks: counts.task }) : t('assignments.badge.none');
  return (
    <Tooltip title={label}>
      <Button type="text" className="sd-navbar__button sd-assignments-badge" aria-label={label} onClick={() => void navigate(ASSIGNMENTS_PATH)}>
        <Badge count={total} size="small" overflowCount={99} color="blue">
          <CarryOutOutlined />
        </Badge>
      </Button>
    </Tooltip>
  );
}
