import { queryOptions } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { DEVICE_STATUS, REGISTER_DEVICE } from '../../../contracts/member-code';

/** The device registration behind the member's rotating code (contracts/member-code.ts). */
export const memberCodeKeys = {
  device: (user: string) => ['member-code', 'device', user] as const,
  status: (deviceId: string) => ['member-code', 'status', deviceId] as const,
};

/**
 * This device's secret: kept in localStorage (wiped at sign-out) so the code paints with no network from a cold
 * start. Registering revokes the previous secret, so it is never fetched again on its own, only when the server
 * says it was revoked.
 */
export const memberCodeDeviceQuery = (user: string) =>
  queryOptions({
    queryKey: memberCodeKeys.device(user),
    queryFn: () => callMethod(REGISTER_DEVICE, {}, { verb: 'POST' }),
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { persist: 'sync', device: true },
  });

/** Whether the device is still the member's live one, and the last step staff used its code at (polled while shown). */
export const deviceStatusQuery = (deviceId: string) =>
  queryOptions({
    queryKey: memberCodeKeys.status(deviceId),
    queryFn: () => callMethod(DEVICE_STATUS, { device_id: deviceId }),
    staleTime: 0,
    refetchInterval: 5_000,
  });
