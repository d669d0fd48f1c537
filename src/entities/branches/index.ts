import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { countOf, createDocOf, getListOf, updateDocOf } from '@/lib/api';
import type { GetListArgs } from '@/lib/frappe';
import { BRANCH, type BranchCreateSchema, type BranchUpdateSchema } from '../../../contracts/branches';

export type { BranchDoc as Branch } from '../../../contracts/branches';

export const branchKeys = {
  all: ['branches'] as const,
  list: () => ['branches', 'list'] as const,
  managed: (args: GetListArgs) => ['branches', 'managed', args] as const,
  count: () => ['branches', 'count'] as const,
};

/** The back office: a page of branches, disabled ones too, and how many there are. */
export const managedBranchesQuery = (args: GetListArgs) =>
  queryOptions({ queryKey: branchKeys.managed(args), queryFn: ({ signal }) => getListOf(BRANCH, { fields: ['*'], ...args }, { signal }) });
export const branchCountQuery = () => queryOptions({ queryKey: branchKeys.count(), queryFn: ({ signal }) => countOf(BRANCH, { signal }) });

/** The enabled branches (members pick one for a reward; the marketing site lists them). */
export const branchesQuery = () =>
  queryOptions({
    queryKey: branchKeys.list(),
    queryFn: ({ signal }) => getListOf(BRANCH, { fields: ['*'], limit: 0 }, { signal }),
    staleTime: 10 * 60 * 1000,
    meta: { persist: 'idb' },
  });

/** The back office: a new branch (named by its name, which never changes). */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: v.InferInput<typeof BranchCreateSchema>) => createDocOf(BRANCH, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
  });
}

/** The back office: the fields sent change; `disabled: 1` closes a branch (there is no delete). */
export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...patch }: v.InferInput<typeof BranchUpdateSchema> & { name: string }) => updateDocOf(BRANCH, name, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
  });
}
