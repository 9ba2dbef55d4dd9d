import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Tells the page the network went (or came back), as the browser does: navigator.onLine and the event. */
export function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
