import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootQuery, profileQuery, tierQuery, useCurrentUser, type BootInfo, type Profile } from '@/features/auth';
import { ProfileView } from '@/features/profile';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';

const boot: BootInfo = { user: 'somjai@example.com', roles: ['Member'], full_name: 'Somjai Jaidee', csrf_token: 't', branch: null };
const profile = {
  name: 'CUST-00001',
  user: 'somjai@example.com',
  full_name: 'Somjai Jaidee',
  first_name: 'Somjai',
  last_name: 'Jaidee',
  phone: '0812345678',
  loyalty_program: 'Member Rewards',
  loyalty_points: 24,
  loyalty_program_tier: null,
} as Profile;

/** /profile as the route renders it: the signed-in user of the session, merged from boot, profile and tier. */
function ProfileOfSession() {
  const { user } = useCurrentUser();
  return <ProfileView user={user} />;
}

stubFetchNeverAnswering();

describe('/profile', () => {
  it("says 'Loading...' while the signed-in member's profile has not arrived", async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(bootQuery().queryKey, boot);
    renderApp(<ProfileOfSession />, { queryClient });
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
  });

  it('shows the member with the tier fetched after the profile (merged into the user)', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(bootQuery().queryKey, boot);
    queryClient.setQueryData(profileQuery().queryKey, profile);
    queryClient.setQueryData(tierQuery('CUST-00001').queryKey, { tier_name: 'Silver', tier_thumbnail: null, next_tier_name: 'Gold', points_to_next_tier: 11, points_earned: 24 });
    renderApp(<ProfileOfSession />, { queryClient });
    expect(await screen.findByRole('heading', { name: 'Somjai Jaidee' })).toBeTruthy();
    expect(screen.getByText(/Silver/).textContent).toBe('Member tier: Silver');
    expect(screen.getByText('0812345678')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
