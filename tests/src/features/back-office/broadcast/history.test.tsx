import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { broadcastListQuery } from '@/entities/broadcast';
import { BroadcastHistory } from '@/features/back-office/broadcast/broadcast-history';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../../render-app';

stubFetchNeverAnswering();

/** The sent broadcasts stay one table from loading to loaded: a reader (or a check) that found it is not left holding nothing. */
describe('the sent broadcasts list', () => {
  it('is a table while it loads', async () => {
    renderApp(<BroadcastHistory />, { path: '/admin/broadcasts' });
    expect(await screen.findByRole('table', { name: 'Sent broadcasts' })).toBeTruthy();
  });

  it('says none has been sent inside that table when the list is empty', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(broadcastListQuery(0, 20).queryKey, { rows: [], total: 0 });
    renderApp(<BroadcastHistory />, { path: '/admin/broadcasts', queryClient });
    const table = await screen.findByRole('table', { name: 'Sent broadcasts' });
    expect(within(table.closest('.mantine-datatable') as HTMLElement).getByText('No broadcast has been sent yet')).toBeTruthy();
  });
});
