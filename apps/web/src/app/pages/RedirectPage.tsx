import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTabsStore } from '@/app/layout/tabsStore';

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
    void navigate(`${target}${search}`, { replace: true });
  }, [navigate, refreshTab, search, target]);

  return null;
}
