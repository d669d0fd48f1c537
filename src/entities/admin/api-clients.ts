import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import type { ArgsOf, MethodContract } from '../../../contracts/contract';
import { API_CLIENTS, CREATE_API_CLIENT, REVOKE_API_CLIENT, ROTATE_API_CLIENT } from '../../../contracts/api-clients';
import {
  REDELIVER_WEBHOOK,
  SET_WEBHOOK_ENABLED,
  SUBSCRIBE_WEBHOOK_FOR_CLIENT,
  SUBSCRIPTION_DELIVERIES,
  WEBHOOK_SUBSCRIPTIONS,
} from '../../../contracts/webhooks';
import { adminKeys } from './index';

export type { ApiClient } from '../../../contracts/api-clients';
export type { WebhookDelivery, WebhookSubscription } from '../../../contracts/webhooks';

/**
 * The brand's own systems in the back office (System Manager): the API clients, and each one's webhook
 * subscriptions and their deliveries. Kept under the back office's key, so every back-office write reads them again.
 */
export const apiClientKeys = {
  all: [...adminKeys.all, 'api-clients'] as const,
  list: () => [...adminKeys.all, 'api-clients', 'list'] as const,
  subscriptions: (apiKey: string) => [...adminKeys.all, 'api-clients', 'subscriptions', apiKey] as const,
  deliveries: (args: ArgsOf<typeof SUBSCRIPTION_DELIVERIES>) => [...adminKeys.all, 'api-clients', 'deliveries', args] as const,
};

export const apiClientsQuery = () => queryOptions({ queryKey: apiClientKeys.list(), queryFn: ({ signal }) => callMethod(API_CLIENTS, {}, { signal }) });

export const clientSubscriptionsQuery = (apiKey: string) =>
  queryOptions({ queryKey: apiClientKeys.subscriptions(apiKey), queryFn: ({ signal }) => callMethod(WEBHOOK_SUBSCRIPTIONS, { api_key: apiKey }, { signal }) });

export const subscriptionDeliveriesQuery = (args: ArgsOf<typeof SUBSCRIPTION_DELIVERIES>) =>
  queryOptions({ queryKey: apiClientKeys.deliveries(args), queryFn: ({ signal }) => callMethod(SUBSCRIPTION_DELIVERIES, args, { signal }) });

/**
 * A write (a POST), after which the back office's lists are read again. `gcTime: 0`: an answer that carries a
 * secret (create, rotate, subscribe) is not kept in the mutation cache once its screen lets go of it.
 */
function useApiClientWrite<C extends MethodContract>(contract: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ArgsOf<C>) => callMethod(contract, args, { verb: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    gcTime: 0,
  });
}

export const useCreateApiClient = () => useApiClientWrite(CREATE_API_CLIENT);
export const useRotateApiClient = () => useApiClientWrite(ROTATE_API_CLIENT);
export const useRevokeApiClient = () => useApiClientWrite(REVOKE_API_CLIENT);
export const useSubscribeForClient = () => useApiClientWrite(SUBSCRIBE_WEBHOOK_FOR_CLIENT);
export const useRedeliverWebhook = () => useApiClientWrite(REDELIVER_WEBHOOK);
export const useSetWebhookEnabled = () => useApiClientWrite(SET_WEBHOOK_ENABLED);
