import type { ReactNode } from 'react';

/** Stroke icons for the reward screens (24 px grid), decorative; drawn inline so they work offline. */
function Icon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const GiftArt = ({ size = 28 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12" />
    <path d="M12 8H8.5a2.5 2.5 0 1 1 0-5C11 3 12 8 12 8zM12 8h3.5a2.5 2.5 0 1 0 0-5C13 3 12 8 12 8z" />
  </Icon>
);

export const PartyArt = ({ size = 28 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 20l4-11 7 7z" />
    <path d="M13 7c0-2 1-3 3-3M17 11c2 0 3-1 3-3M14 4v.01M20 5v.01M20 14v.01" />
  </Icon>
);

export const CoinArt = ({ size = 28 }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1.1 1.7 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.5-2.5-1.5M12 6.5v11" />
  </Icon>
);

export const CakeArt = ({ size = 28 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 21h16v-8H4zM4 16c2 1.5 4 1.5 6 0s4-1.5 6 0 3 1 4 0" />
    <path d="M8 13V9M12 13V9M16 13V9M8 6v.01M12 6v.01M16 6v.01" />
  </Icon>
);

export const BagArt = ({ size = 28 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M5 8h14l-1 12H6z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </Icon>
);
