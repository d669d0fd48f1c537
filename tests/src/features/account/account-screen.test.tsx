import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountScreen } from '@/features/account';
import { renderApp } from '../../render-app';

describe('/my-account menu', () => {
  it('lists every screen once: the membership conditions are not offered twice', async () => {
    renderApp(<AccountScreen profile={{ full_name: 'สมใจ ใจดี', loyalty_points: 24, tier_name: 'Silver' }} />);
    await screen.findByText('สมใจ ใจดี');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.filter((href) => href === '/member-conditions')).toHaveLength(1);
    // Where it stays: with the help on collecting and redeeming.
    const help = screen.getByRole('region', { name: 'Help' });
    expect(within(help).getByRole('link', { name: /Member conditions/ }).getAttribute('href')).toBe('/member-conditions');
  });
});
