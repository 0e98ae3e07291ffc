import type { ReactNode } from 'react';
import {
  DashboardOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  HddOutlined,
  ProjectOutlined,
  TableOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { CabinNodeKind } from '@smartdata/domain';

const icons: Record<CabinNodeKind, ReactNode> = {
  directory: <FolderOutlined />,
  dataItem: <TableOutlined />,
  dashboard: <DashboardOutlined />,
  device: <HddOutlined />,
  meter: <ThunderboltOutlined />,
  reportTemplate: <FileTextOutlined />,
  file: <FileOutlined />,
  project: <ProjectOutlined />,
};

interface NodeIconProps {
  kind: CabinNodeKind;
  /** An open directory shows an open folder. */
  open?: boolean;
}

/** The icon of a cabin node kind (decorative: the kind is also named in text). */
export function NodeIcon({ kind, open = false }: NodeIconProps) {
  return (
    <span className={`sd-cabin-icon sd-cabin-icon--${kind}`} aria-hidden="true">
      {kind === 'directory' && open ? <FolderOpenOutlined /> : icons[kind]}
    </span>
  );
}
