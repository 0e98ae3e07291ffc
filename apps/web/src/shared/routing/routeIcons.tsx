import type { ReactNode } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  BugOutlined,
  BuildOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  HomeOutlined,
  InboxOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { RouteIconName } from './types';

const icons: Record<RouteIconName, ReactNode> = {
  home: <HomeOutlined />,
  smartData: <DatabaseOutlined />,
  tasks: <ScheduleOutlined />,
  monitoring: <AlertOutlined />,
  devices: <ClusterOutlined />,
  sales: <ShoppingCartOutlined />,
  production: <BuildOutlined />,
  inventory: <InboxOutlined />,
  gas: <ExperimentOutlined />,
  settings: <SettingOutlined />,
  users: <TeamOutlined />,
  personal: <UserOutlined />,
  maintenance: <ToolOutlined />,
  test: <BugOutlined />,
};

export function routeIcon(name: RouteIconName | undefined): ReactNode {
  return name ? icons[name] : <AppstoreOutlined />;
}
