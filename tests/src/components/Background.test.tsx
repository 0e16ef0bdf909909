import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Background } from '../../../src/components/Background';

// The particles' chunk cannot be fetched (the server is restarting, or a deploy replaced it).
vi.mock('../../../src/components/ParticlesLayer', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/ParticlesLayer-x.js');
});
vi.mock('../../../src/hooks/useAfterLoad', () => ({ useAfterLoad: () => true }));
vi.mock('../../../src/hooks/useMediaQuery', () => ({ useMediaQuery: () => false }));

describe('the decorative background', () => {
  it('leaves the screen standing when the particles cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        element: (
          <>
            <Background />
            <Outlet />
          </>
        ),
        errorElement: <p>the screen failed</p>,
        children: [{ path: '/', element: <h1>Markets</h1> }],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Markets' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText('the screen failed')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Markets' })).toBeInTheDocument();
  });
});
