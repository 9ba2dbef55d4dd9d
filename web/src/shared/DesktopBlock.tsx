import { DESKTOP_BLOCK_MESSAGE, DESKTOP_MIN_WIDTH_PX } from '@price-alerts/domain/common';
import type { ReactNode } from 'react';
import { useMediaQuery } from './useMediaQuery';
import './DesktopBlock.css';

/** At desktop widths only the spec's message is rendered; the app itself is not mounted at all. */
export function DesktopBlock({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`);
  if (isDesktop) {
    return (
      <main className="desktop-block centered-screen">
        <img src="/icons/icon-192.png" alt="" width={96} height={96} />
        <h1>{DESKTOP_BLOCK_MESSAGE}</h1>
      </main>
    );
  }
  return children;
}
