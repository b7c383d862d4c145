import { QueryClientProvider, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '@afterglow/contracts';
import { createQueryClient } from '@afterglow/ui';
import { ADMIN_API, mailListOptions, type AdminMailPage } from './api';
import { MailPanel } from './MailPanel';

const message = (over: Partial<MailMessage>): MailMessage => ({
  id: crypto.randomUUID(),
  template: 'account.reset',
  to: 'ana@example.com',
  subject: 'Reset your Afterglow password',
  status: 'saved',
  attempts: 1,
  lastError: null,
  links: [],
  createdAt: '2026-06-14T21:05:00.000Z',
  sentAt: null,
  ...over,
});

/** The Mail tab with these pages already loaded (the list with every status). */
function render(qc: QueryClient, pages: AdminMailPage[]) {
  qc.setQueryData<InfiniteData<AdminMailPage, number>>([ADMIN_API.mail, 'all'], {
    pages,
    pageParams: pages.map((_, i) => i * 50),
  });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: qc }, createElement(MailPanel)));
}

describe('the admin’s Mail tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each message with its status, tries, links, and why a failed one failed', () => {
    const reset = 'http://192.168.1.20:5000/idp/reset/abc123';
    const html = render(createQueryClient(), [
      {
        total: 2,
        messages: [
          message({ to: 'ana@example.com', status: 'saved', links: [reset] }),
          message({
            to: 'bo@example.com',
            subject: 'Confirm your e-mail address for Afterglow',
            template: 'account.confirm',
            status: 'failed',
            attempts: 5,
            lastError: '550 5.1.1 mailbox unavailable',
            links: ['javascript:alert(1)'],
          }),
        ],
      },
    ]);
    expect(html).toContain(
      'Without SMTP_URL, messages are kept as .eml files in the data dir; their links are here.',
    );
    for (const h of ['To', 'Subject', 'Status', 'Tries', 'When', 'Links'])
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${h}</th>`));
    const rows = html.split('<tr>').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('ana@example.com');
    expect(rows[0]).toContain('Kept as a file');
    // the link opens in a new tab, with no access to this page
    const link = new RegExp(`<a href="${reset}"[^>]*>`).exec(rows[0]!)?.[0] ?? '';
    expect(link).toContain('target="_blank"');
    expect(link).toMatch(/rel="[^"]*noopener/);
    expect(rows[1]).toContain('Failed');
    expect(rows[1]).toContain('>5<');
    expect(rows[1]).toContain('Last error: 550 5.1.1 mailbox unavailable');
    // only a web address is a link
    expect(rows[1]).not.toContain('<a ');
    expect(html).toContain('Showing 2 e-mails');
    expect(html).not.toContain('Load more');
  });

  it('offers each status in the filter, and says when there is no e-mail yet', () => {
    const html = render(createQueryClient(), [{ total: 0, messages: [] }]);
    expect(html).toContain('No e-mails yet.');
    const options = [...html.matchAll(/<option value="(\w+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['all', 'All'],
      ['pending', 'Waiting'],
      ['sent', 'Sent'],
      ['saved', 'Kept as a file'],
      ['failed', 'Failed'],
    ]);
  });

  it('asks a page of 50 of a status at a time, and the next from where the last ended', async () => {
    const fetch = vi.fn(async (url: string) => {
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      const page: AdminMailPage = {
        total: 60,
        messages: Array.from({ length: offset === 0 ? 50 : 10 }, () => message({ status: 'failed' })),
      };
      return new Response(JSON.stringify(page), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const qc = createQueryClient();
    const options = mailListOptions('failed');
    await qc.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/mail?limit=50&offset=0&status=failed',
      '/api/admin/mail?limit=50&offset=50&status=failed',
    ]);
    // all 60 are here: no third page
    const { pages } = qc.getQueryData(options.queryKey)!;
    expect(pages.map((p) => p.messages.length)).toEqual([50, 10]);
    expect(options.getNextPageParam(pages[1]!, pages, 50, [0, 50])).toBeUndefined();
  });
});
