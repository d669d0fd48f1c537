import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { frappe } from '@/lib/frappe';
import { SIGN_UP, type SignUpInput } from '../../../contracts/blog';
import { memberKeys } from './index';

/** The marketing site's Register tab: a visitor account, signed in at once. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const answer = await callMethod(SIGN_UP, input, { verb: 'POST' });
      frappe.csrf.set(answer.csrf_token);
      return answer;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.boot }),
  });
}
