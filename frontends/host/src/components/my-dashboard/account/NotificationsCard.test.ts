import { MutationObserver, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailPreferences } from '@afterglow/contracts';
import { createQueryClient } from '@afterglow/ui';
import { notificationsKey } from './account-api';
import { notificationMutation } from './notifications';
import { NotificationsCard } from './NotificationsCard';

const render = (qc: QueryClient) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: qc }, createElement(NotificationsCard)));

/** The switch named by the label `label`: its aria-checked. */
function switchOf(html: string, label: string): string | undefined {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  return new RegExp(`<button[^>]*id="${id}"[^>]*role="switch"[^>]*aria-checked="(true|false)"`).exec(
    html,
  )?.[1];
}

describe('E-mail notifications on My Dashboard', () => {
  let qc: QueryClient;
  beforeEach(() => {
    qc = createQueryClient(); // the shell's, with its default query function
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a switch for each host notice, and that receipts and security messages always go', () => {
    qc.setQueryData<MailPreferences>(notificationsKey, { hosting: true, reveal: false });
    const html = render(qc);
    expect(switchOf(html, 'When hosting of an event ends, and before it is deleted')).toBe('true');
    expect(switchOf(html, 'When an event’s photos are revealed')).toBe('false');
    expect(html).toContain('Receipts and account security messages are always sent.');
  });

  it('shows the loading state until the settings are here', () => {
    const html = render(qc);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('role="switch"');
  });

  it('PUTs just the setting switched, and shows it at once', async () => {
    qc.setQueryData<MailPreferences>(notificationsKey, { hosting: true, reveal: true });
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const done = new MutationObserver(qc, notificationMutation(qc)).mutate({ reveal: false });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(
      '/api/user/notifications',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ reveal: false }) }),
    );
    // optimistic: the switch is off before the server answers
    expect(qc.getQueryData(notificationsKey)).toEqual({ hosting: true, reveal: false });
    answer(new Response(JSON.stringify({ hosting: true, reveal: false }), { status: 200 }));
    await done;
    expect(qc.getQueryData(notificationsKey)).toEqual({ hosting: true, reveal: false });
  });

  it('puts the switch back when the change fails', async () => {
    qc.setQueryData<MailPreferences>(notificationsKey, { hosting: true, reveal: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"unavailable"}', { status: 503 })),
    );
    await expect(
      new MutationObserver(qc, notificationMutation(qc)).mutate({ hosting: false }),
    ).rejects.toThrow();
    expect(qc.getQueryData(notificationsKey)).toEqual({ hosting: true, reveal: true });
  });
});
