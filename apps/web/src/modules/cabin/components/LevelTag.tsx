import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionLevel } from '@smartdata/domain';

const colors: Record<PermissionLevel, string> = { none: 'default', read: 'blue', readWrite: 'green', admin: 'gold' };

/** A data permission level in the glossary's words (无权限, 只读, 读写, 管理). */
export function LevelTag({ level }: { level: PermissionLevel }) {
  const { t } = useTranslation('cabin');
  return (
    <Tag color={colors[level]} className="sd-cabin-level">
      {t(`levels.${level}`)}
    </Tag>
  );
}
