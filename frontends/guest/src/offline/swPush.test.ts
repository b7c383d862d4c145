import { describe, expect, it, vi } from 'vitest';
import {
  APP_ICON,
  notificationFromPush,
  openFromNotification,
  readPush,
  urlToOpen,
  windowOf,
} from './swPush';

const ORIGIN = 'https://party.example';

describe('the reveal’s push notification', () => {
  it('shows the payload’s title and body, with the app’s icon, its tag and the page to open', () => {
    const payload = {
      title: 'The photos are here!',
      body: 'Open the gallery',
      url: '/gallery/ABC123',
      tag: 'reveal:ABC123',
    };
    expect(notificationFromPush(readPush(JSON.stringify(payload)))).toEqual({
      title: 'The photos are here!',
      options: {
        body: 'Open the gallery',
        icon: APP_ICON,
        tag: 'reveal:ABC123',
        data: { url: '/gallery/ABC123' },
      },
    });
  });

  it('always shows something (a push must be visible), even for a payload it cannot read', () => {
    for (const text of [null, '', 'not json', '42', '{"title":7}']) {
      const n = notificationFromPush(readPush(text));
      expect(n.title).toBe('Afterglow');
      expect(n.options).toEqual({ body: '', icon: APP_ICON, data: { url: '/' } });
    }
  });

  it('opens pages of this site only, as absolute addresses', () => {
    expect(urlToOpen({ url: '/gallery/ABC123' }, ORIGIN)).toBe(`${ORIGIN}/gallery/ABC123`);
    expect(urlToOpen({ url: `${ORIGIN}/gallery/ABC123?x=1` }, ORIGIN)).toBe(`${ORIGIN}/gallery/ABC123?x=1`);
    for (const url of [
      'https://evil.example/gallery',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://party.example/gallery', // another origin: the scheme counts
      'https://party.example:8443/',
      'http://[bad',
    ])
      expect(urlToOpen({ url }, ORIGIN), url).toBe(`${ORIGIN}/`);
    for (const data of [undefined, null, {}, { url: 5 }, 'x'])
      expect(urlToOpen(data, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('focuses a window already showing the page, or opens one', async () => {
    const url = `${ORIGIN}/gallery/ABC123`;
    const other = { url: `${ORIGIN}/camera/ABC123`, focus: vi.fn(async () => undefined) };
    const same = { url: `${url}#photos`, focus: vi.fn(async () => undefined) };
    const clients = (windows: (typeof other)[]) => ({
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    });
    expect(windowOf([other, same], url)).toBe(same);
    const open = clients([other, same]);
    await openFromNotification(open, url);
    expect(same.focus).toHaveBeenCalledOnce();
    expect(open.openWindow).not.toHaveBeenCalled();
    const none = clients([other]);
    await openFromNotification(none, url);
    expect(none.openWindow).toHaveBeenCalledWith(url);
    expect(other.focus).not.toHaveBeenCalled();
  });
});
