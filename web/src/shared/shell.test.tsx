import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DesktopBlock } from './DesktopBlock';
import { ErrorPage } from './ErrorPage';

function fakeMatchMedia(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    return {
      matches: width >= min,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('DesktopBlock', () => {
  it.each([
    [1024, true],
    [1440, true],
    [1023, false],
    [390, false],
  ])('at %dpx shows the block: %s', (width, blocked) => {
    fakeMatchMedia(width);
    render(
      <DesktopBlock>
        <p>the app</p>
      </DesktopBlock>,
    );
    expect(screen.queryByText('Please use a tablet or mobile device') !== null).toBe(blocked);
    expect(screen.queryByText('the app') !== null).toBe(!blocked);
  });
});

describe('ErrorPage', () => {
  function renderFailing(loader: () => never) {
    const router = createMemoryRouter([{ path: '/', loader, element: <p>never</p>, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
  }

  it('shows the spec texts and a thrown error message', async () => {
    renderFailing(() => {
      throw new Error('Chunk failed to load');
    });
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeDefined();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeDefined();
    expect(screen.getByText('Chunk failed to load')).toBeDefined();
  });

  it('shows the status text of a route error response', async () => {
    renderFailing(() => {
      throw new Response('', { status: 404, statusText: 'Not Found' });
    });
    expect(await screen.findByText('Not Found')).toBeDefined();
  });
});
