import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { remindersKey, type ReminderState } from './api';
import { RevealReminder } from './RevealReminder';

// The card as a guest's phone first draws it, for each state the server answers (what the buttons do
// is reminders.test.ts: the same calls the card makes).

const CODE = 'ABC123';
const DEVICE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const NONE: ReminderState = { email: null, push: false, revealed: false };

function render(state: ReminderState | undefined) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (state) qc.setQueryData(remindersKey(CODE, DEVICE), state);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: qc },
      createElement(
        MemoryRouter,
        { initialEntries: [`/gallery/${CODE}`] },
        createElement(RevealReminder, { code: CODE, deviceId: DEVICE }),
      ),
    ),
  );
}

/** A phone's browser where Web Push works (Android Chrome), or the same without `PushManager`. */
function phone({ push = true, ua = 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile' } = {}) {
  vi.stubGlobal('window', {
    isSecureContext: true,
    navigator: { userAgent: ua, serviceWorker: {} },
    Notification: class {},
    ...(push ? { PushManager: class {} } : {}),
    matchMedia: () => ({ matches: false }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Tell me when the photos are revealed', () => {
  it('offers the e-mail form with its label, and says what the address is for', () => {
    const html = render(NONE);
    expect(html).toContain('Tell me when the photos are revealed');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Or by e-mail<\/label>/);
    const id = /<label for="([^"]+)"/.exec(html)![1]!;
    expect(html).toMatch(new RegExp(`<input id="${id}" type="email"[^>]*autoComplete="email"`));
    expect(html).toContain('Remind me');
    expect(html).toContain('Your address is used only for this message and is deleted with the event.');
    expect(html).toContain('<p role="status" class="sr-only"></p>'); // announces what a tap did
  });

  it('offers “Notify me on this phone” only where Web Push can work', () => {
    expect(render(NONE)).not.toContain('Notify me on this phone'); // no window at all
    phone({ push: false });
    expect(render(NONE)).not.toContain('Notify me on this phone');
    phone();
    expect(render(NONE)).toContain('Notify me on this phone');
    expect(render({ ...NONE, push: true })).not.toContain('Notify me on this phone');
  });

  it('tells an iPhone outside the installed app to add it to the Home Screen', () => {
    phone({ push: false, ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148' });
    const html = render(NONE);
    expect(html).toContain('On iPhone, add Afterglow to your Home Screen to get a notification.');
    expect(html).not.toContain('Notify me on this phone');
  });

  it('shows what is set, each with Stop, and no form for a channel already set', () => {
    const html = render({ email: 'guest@example.com', push: true, revealed: false });
    expect(html).toContain('We will tell you at guest@example.com.');
    expect(html).toContain('We will notify this phone.');
    expect(html).toContain('aria-label="Stop the e-mail reminder"');
    expect(html).toContain('aria-label="Stop notifications on this phone"');
    expect(html).not.toContain('type="email"');
  });

  it('shows nothing once the photos are revealed, and a loading line before the state is known', () => {
    expect(render({ ...NONE, revealed: true })).toBe('');
    const loading = render(undefined);
    expect(loading).toContain('role="status"');
    expect(loading).toContain('Loading your reminder');
  });
});
