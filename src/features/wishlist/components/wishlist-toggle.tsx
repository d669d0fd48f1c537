import { ActionIcon } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { useWishlist } from '../store';
import '@mantine/core/styles/ActionIcon.css';

/** Heart button: adds the item to the wishlist or takes it out. */
export function WishlistToggle({ name, label }: { name: string; label: string }) {
  const t = useT();
  const on = useWishlist((s) => s.items.includes(name));
  const toggle = useWishlist((s) => s.toggle);
  return (
    <ActionIcon
      variant={on ? 'filled' : 'light'}
      color="brand"
      radius="xl"
      size={40}
      aria-pressed={on}
      aria-label={on ? t('wishlist.removeAria', { name: label }) : t('wishlist.addAria', { name: label })}
      onClick={() => toggle(name)}
    >
      <svg width={18} height={18} viewBox="0 0 24 24" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.5-9.2C1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5h2C14 6.1 15.4 5 17.4 5 20.8 5 23 8.4 21.5 11.8 19.5 16.4 12 21 12 21z" />
      </svg>
    </ActionIcon>
  );
}
