import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTabsStore } from '@/app/layout/tabsStore';
import { queryClient } from '@/app/providers/queryClient';

/**
 * /redirect/<path>: re-renders <path> (refresh, spec §2). The page's kept-alive instance is
 * dropped, so coming back mounts it afresh.
 */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const refreshTab = useTabsStore((state) => state.refresh);
  const target = `/${params['*'] ?? ''}`;

  useEffect(() => {
    refreshTab(target);
    // A refresh shows the data as it is now: cached answers are marked stale (nothing refetches
    // here), so the re-mounted page asks the server again instead of showing them for staleTime.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    void navigate(`${target}${search}`, { replace: true });
  }, [navigate, refreshTab, search, target]);

  return null;
}
