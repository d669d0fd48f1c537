import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { CHANGE_PHONE, GET_PHONE, VERIFY_OTP } from '../../../contracts/phone';
import { refreshUser } from './index';

export function useRequestCode() {
  return useMutation({ mutationFn: (phone: string) => callMethod(GET_PHONE, { userphone: phone }) });
}

/** Binds the phone to the signed-in member; `onVerified` runs before the user is read again. */
export function useVerifyCode({ onVerified }: { onVerified?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; otp: string; username?: string }) =>
      callMethod(
        VERIFY_OTP,
        { userphone: input.phone, otp: input.otp, ...(input.username ? { username: input.username } : {}) },
        { verb: 'POST' },
      ),
    onSuccess: async (answer) => {
      if (answer.status !== 'success') return;
      onVerified?.();
      await refreshUser(queryClient);
    },
  });
}

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; otp: string }) => callMethod(CHANGE_PHONE, { userphone: input.phone, otp: input.otp }, { verb: 'POST' }),
    onSuccess: async (answer) => {
      if (answer.status === 'success') await refreshUser(queryClient);
    },
  });
}
