import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import {
  notificationSettingsSchema,
  subscribeAnswerSchema,
  unsubscribeAnswerSchema,
  vapidKeyAnswerSchema,
  type NotificationLang,
  type NotificationSettings,
  type PushSubscriptionJson,
  type UpdateSettingsArgs,
} from '../../../contracts/notifications';

export const METHODS = {
  settings: 'member_rewards.notifications.get_settings',
  update: 'member_rewards.notifications.update_settings',
  vapidKey: 'member_rewards.notifications.get_vapid_public_key',
  subscribe: 'member_rewards.notifications.subscribe',
  unsubscribe: 'member_rewards.notifications.unsubscribe',
} as const;

export const notificationKeys = { settings: ['notifications', 'settings'] as const };

/** The member's notification settings (their own only: the server knows who asks). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => frappe.call(METHODS.settings, {}, { signal, schema: notificationSettingsSchema }),
    staleTime: 30_000,
  });

/** Saves a change; the switches move at once and go back if the server refuses. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'update'],
    mutationFn: (args: UpdateSettingsArgs) => frappe.call(METHODS.update, args, { verb: 'POST', schema: notificationSettingsSchema }),
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

export const vapidPublicKey = () => frappe.call(METHODS.vapidKey, {}, { schema: vapidKeyAnswerSchema }).then((a) => a.public_key);

export const registerSubscription = (subscription: PushSubscriptionJson, language: NotificationLang) =>
  frappe.call(METHODS.subscribe, { subscription, language }, { verb: 'POST', schema: subscribeAnswerSchema });

export const forgetSubscription = (endpoint: string) =>
  frappe.call(METHODS.unsubscribe, { endpoint }, { verb: 'POST', schema: unsubscribeAnswerSchema });
