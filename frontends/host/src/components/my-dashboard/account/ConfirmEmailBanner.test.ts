import { MutationObserver, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@afterglow/contracts';
import { ApiError, AUTH_KEY, createQueryClient, toast } from '@afterglow/ui';
import type * as UiModule from '@afterglow/ui';
import { ConfirmEmailBanner } from './ConfirmEmailBanner';
import { resendMutation } from './confirmation';

vi.mock('@afterglow/ui', async (original) => ({
  ...(await original<typeof UiModule>()),
  toast: vi.fn(),
}));

const user = (over: Partial<AuthUser>): AuthUser => ({
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  isAdmin: false,
  emailVerified: false,
  localAccount: true,
  ...over,
});

const render = (qc: QueryClient, u: AuthUser) =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, { client: qc }, createElement(ConfirmEmailBanner, { user: u })),
  );

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('the e-mail confirmation reminder on My Dashboard', () => {
  let qc: QueryClient;
  beforeEach(() => {
    qc = createQueryClient(); // the shell's, with its default query function
    vi.mocked(toast).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows only for an account of the built-in sign-in whose address is not confirmed', () => {
    const html = render(qc, user({}));
    expect(html).toContain('Please confirm your e-mail address. We sent a link to');
    expect(html).toContain('ana@example.com');
    expect(html).toMatch(/<button[^>]*>Send the link again<\/button>/);
    expect(render(qc, user({ emailVerified: true }))).toBe('');
    // an external provider's account confirms its address there
    expect(render(qc, user({ localAccount: false }))).toBe('');
  });

  it('sends the link again and says where it went (202)', async () => {
    const fetch = answer(202, { emailVerified: false, sent: true });
    vi.stubGlobal('fetch', fetch);
    await new MutationObserver(qc, resendMutation(qc, 'ana@example.com')).mutate();
    expect(fetch).toHaveBeenCalledWith(
      '/api/account/confirmation',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'We sent a new link to ana@example.com.', variant: 'success' }),
    );
  });

  it('hides once the server says the address is confirmed already (200)', async () => {
    qc.setQueryData(AUTH_KEY, user({}));
    vi.stubGlobal('fetch', answer(200, { emailVerified: true }));
    await new MutationObserver(qc, resendMutation(qc, 'ana@example.com')).mutate();
    const now = qc.getQueryData<AuthUser>(AUTH_KEY)!;
    expect(now.emailVerified).toBe(true);
    expect(render(qc, now)).toBe('');
    expect(toast).not.toHaveBeenCalled();
  });

  it('answers the problem of too many links (429) for the banner to show', async () => {
    const problem = {
      status: 429,
      code: 'rate_limited',
      detail: 'Too many requests, please wait a moment and try again',
    };
    vi.stubGlobal('fetch', answer(429, problem));
    const err = await new MutationObserver(qc, resendMutation(qc, 'ana@example.com'))
      .mutate()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).detail).toBe(problem.detail);
    expect(toast).not.toHaveBeenCalled();
  });
});
