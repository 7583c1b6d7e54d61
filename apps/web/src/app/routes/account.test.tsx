import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

describe('account screen', () => {
  it('shows the institute found by the host, with its logo', async () => {
    let askedHost: string | null = null;
    server.use(
      http.get('*/api/v1/institutes/getLogoAndFavIcon', ({ request }) => {
        askedHost = new URL(request.url).searchParams.get('virtualHostUrl');
        return HttpResponse.json({
          statusCode: 200,
          message: 'success',
          result: {
            instituteId: 1,
            instituteName: 'Greenfield Public School',
            logoPath: '/my-account/demo/greenfield-logo.svg',
            favIconPath: '/my-account/demo/greenfield-favicon.svg',
          },
        });
      }),
    );
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Greenfield Public School' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Greenfield Public School logo' })).toHaveAttribute(
      'src',
      '/my-account/demo/greenfield-logo.svg',
    );
    expect(askedHost).toBe(window.location.hostname);
  });

  it('says so when no institute uses this address', async () => {
    server.use(
      http.get('*/api/v1/institutes/getLogoAndFavIcon', () =>
        HttpResponse.json(
          { code: 'NOT_FOUND', message: 'No institute is registered at this address' },
          { status: 404 },
        ),
      ),
    );
    renderRoute('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('No institute is registered at this address');
  });
});
