import { useSearchParams } from 'react-router';

/**
 * The open tab of a page kept in its address (`?tab=`), so a reload or a shared link opens the
 * same tab. The first of `tabs` is the default and leaves the address bare; an unknown value opens
 * the default. Answers the open tab and the setter for antd `Tabs`' onChange.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((key) => key === asked) ?? tabs[0];
  const open = (key: string) => setParams(key === tabs[0] ? {} : { tab: key }, { replace: true });
  return [tab, open];
}
