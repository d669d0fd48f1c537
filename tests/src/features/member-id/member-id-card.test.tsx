import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberIdCard, type MemberIdCardProps } from '@/features/member-id/components/member-id-card';
import { renderApp } from '../../render-app';

const card = (walletBaht: MemberIdCardProps['walletBaht']) =>
  renderApp(<MemberIdCard code="123456" secondsLeft={20} fullName="สมใจ ใจดี" tierName="Silver" points={24} couponCount={1} walletBaht={walletBaht} />);
const columns = (container: HTMLElement) => container.querySelector('dl')!.dataset.columns;

describe('member card balance', () => {
  it('shows the Wallet in baht when the programme has a conversion factor', async () => {
    const { container } = card(2.4);
    expect((await screen.findByTestId('wallet')).textContent).toContain('2.40');
    expect(columns(container)).toBe('3');
  });

  it('keeps the Wallet column with a dash while the programme is still loading, so nothing moves when it arrives', async () => {
    const { container } = card(undefined);
    expect((await screen.findByTestId('wallet')).textContent).toBe('Wallet–');
    expect(columns(container)).toBe('3');
  });

  it('has no Wallet column when the programme has no conversion factor', async () => {
    const { container } = card(null);
    await screen.findByTestId('coins');
    expect(screen.queryByTestId('wallet')).toBeNull();
    expect(columns(container)).toBe('2');
  });
});
