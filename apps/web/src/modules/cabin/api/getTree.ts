import { useQuery } from '@tanstack/react-query';
import type { CabinTreeNode } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `GET /cabin/getTree`: the company's cabin as the caller may see it (nodes at none left out). */
export function fetchTree(signal?: AbortSignal): Promise<CabinTreeNode[]> {
  return api.get<CabinTreeNode[]>('/cabin/getTree', undefined, { signal });
}

export function useTreeQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: cabinKeys.tree(), queryFn: ({ signal }) => fetchTree(signal), enabled });
}
