import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { PageHeader } from '@/shared/components/PageHeader';
import { useTabParam } from '@/shared/hooks/useTabParam';

interface Tab<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

interface TabsPageProps<K extends string> {
  title: string;
  description: ReactNode;
  /** Beside `sd-page` (the module's page class). */
  className?: string;
  /** One list (or view) a tab, the first the default; the open one is kept in the address (`?tab=`). */
  tabs: readonly [Tab<K>, ...Tab<K>[]];
  /** After the tabs: the dialogs the page opens. */
  children?: ReactNode;
}

/** A page of lists side by side, one a tab: the header, then the tabs (orders and renewals, ...). */
export function TabsPage<K extends string>({ title, description, className, tabs, children }: TabsPageProps<K>) {
  const [tab, openTab] = useTabParam(tabs.map((entry) => entry.key) as [K, ...K[]]);
  return (
    <div className={className ? `sd-page ${className}` : 'sd-page'}>
      <PageHeader title={title} description={description} />
      <Tabs activeKey={tab} onChange={openTab} items={[...tabs]} />
      {children}
    </div>
  );
}
