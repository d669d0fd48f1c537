import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import {
  GET_NOTIFICATION_SETTINGS,
  GET_VAPID_PUBLIC_KEY,
  SUBSCRIBE_PUSH,
  UNSUBSCRIBE_PUSH,
  UPDATE_NOTIFICATION_SETTINGS,
  type NotificationLang,
  type NotificationSettings,
  type PushSubscriptionJson,
  type UpdateSettingsArgs,
} from '../../../contracts/notifications';

export const notificationKeys = { settings: ['notifications', 'settings'] as const };

/** The member's notification settings (their own only: the server knows who asks). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => callMethod(GET_NOTIFICATION_SETTINGS, {}, { signal }),
    staleTime: 30_000,
  });

/** Saves a change; the switches move at once and go back if the server refuses. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'update'],
    mutationFn: (args: UpdateSettingsArgs) => callMethod(UPDATE_NOTIFICATION_SETTINGS, args, { verb: 'POST' }),
    onMutate: async (args) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.settings });
      const before = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (before) queryClient.setQueryData(notificationKeys.settings, applyChange(before, args));
      return { before };
    },
    onError: (_error, _args, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.settings, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}

export function applyChange(settings: NotificationSettings, change: UpdateSettingsArgs): NotificationSettings {
  const topics = { ...settings.topics };
  for (const [topic, flags] of Object.entries(change.topics ?? {}) as Array<[keyof typeof topics, object | undefined]>) {
    if (flags) topics[topic] = { ...topics[topic], ...flags };
  }
  return { ...settings, topics, quiet_hours: change.quiet_hours ?? settings.quiet_hours, language: change.language ?? settings.language };
}

export const vapidPublicKey = () => callMethod(GET_VAPID_PUBLIC_KEY, {}).then((a) => a.public_key);

export const registerSubscription = (subscription: PushSubscriptionJson, language: NotificationLang) =>
  callMethod(SUBSCRIBE_PUSH, { subscription, language }, { verb: 'POST' });

export const forgetSubscription = (endpoint: string) =>
  callMethod(UNSUBSCRIBE_PUSH, { endpoint }, { verb: 'POST' });
