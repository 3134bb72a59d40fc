import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RootLayout } from './root';

describe('the navigation progress bar', () => {
  it('shows while a route loads and goes when it is done', async () => {
    let finish: () => void = () => undefined;
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          children: [
            { path: '/', element: <Link to="/slow">go</Link> },
            {
              path: '/slow',
              loader: () => new Promise<null>((resolve) => (finish = () => resolve(null))),
              element: <p>arrived</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.getElementById('nprogress')).toBeNull();

    await act(async () => screen.getByText('go').click());
    expect(document.getElementById('nprogress')).not.toBeNull();

    await act(async () => finish());
    await screen.findByText('arrived');
    // nprogress fades the bar out before removing it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(document.getElementById('nprogress')).toBeNull();
  });
});
