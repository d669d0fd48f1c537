import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import type { ArgsOf } from '../../../contracts/contract';
import { GET_RULES, SIMULATE_RECEIPT, UPDATE_RULES } from '../../../contracts/programme';

export type { Campaign, Earning, ExpiryPolicy, ProgrammeRules, RulesVersion, TierRule } from '../../../contracts/programme';

/** The programme's rules (dated versions) and the receipt simulator, for the back office. */
export const programmeKeys = {
  all: ['programme'] as const,
  rules: () => ['programme', 'rules'] as const,
  simulate: (args: ArgsOf<typeof SIMULATE_RECEIPT>) => ['programme', 'simulate', args] as const,
};

/** Today's rules, the versions scheduled after today and the history. */
export const rulesQuery = () =>
  queryOptions({ queryKey: programmeKeys.rules(), queryFn: ({ signal }) => callMethod(GET_RULES, {}, { signal }) });

/** What a receipt earns, with the rule that applied: the till's own computation. */
export const simulateReceiptQuery = (args: ArgsOf<typeof SIMULATE_RECEIPT>) =>
  queryOptions({ queryKey: programmeKeys.simulate(args), queryFn: ({ signal }) => callMethod(SIMULATE_RECEIPT, args, { signal }) });

/** Writes a dated version; the answer is today's rules, put straight into the cache (and the simulator asked again). */
export function useUpdateRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ArgsOf<typeof UPDATE_RULES>) => callMethod(UPDATE_RULES, args, { verb: 'POST' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(programmeKeys.rules(), answer);
      return queryClient.invalidateQueries({ queryKey: programmeKeys.all });
    },
  });
}
