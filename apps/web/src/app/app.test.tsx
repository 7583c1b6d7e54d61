import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { App } from './app.tsx';

const branding = {
  statusCode: 200,
  message: 'success',
  result: {
    instituteId: 2,
    instituteName: 'Apex Coaching Institute',
    logoPath: '/my-account/demo/apex-logo.svg',
    favIconPath: '/my-account/demo/apex-favicon.svg',
  },
};

describe('App', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/my-account/');
    document.querySelectorAll('link[rel="icon"]').forEach((link) => link.remove());
  });

  it('blocks the right-click menu everywhere', async () => {
    server.use(http.get('*/api/v1/institutes/getLogoAndFavIcon', () => HttpResponse.json(branding)));
    render(<App />);
    await screen.findByRole('heading', { name: 'Apex Coaching Institute' });
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    screen.getByRole('heading', { name: 'Apex Coaching Institute' }).dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('uses the institute favicon and keeps it for the next visit', async () => {
    server.use(http.get('*/api/v1/institutes/getLogoAndFavIcon', () => HttpResponse.json(branding)));
    render(<App />);
    await waitFor(() => expect(localStorage.getItem('favicon')).toBe('/my-account/demo/apex-favicon.svg'));
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/my-account/demo/apex-favicon.svg');
  });
});
