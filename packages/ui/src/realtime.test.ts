import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay, watchEvent } from './realtime';

/** A WebSocket stand-in: the test opens, closes and speaks for the server. */
class FakeSocket {
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** the connection is lost (or refused) */
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  close() {
    this.drop();
  }
}
const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

describe('watching an event over /ws', () => {
  let win: EventTarget & { location: { protocol: string; host: string } };
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    win = Object.assign(new EventTarget(), { location: { protocol: 'https:', host: 'party.example:8443' } });
    vi.stubGlobal('window', win);
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits longer after each failure, up to 30 s, spreading screens out', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((a) => reconnectDelay(a, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(1, 0)).toBe(750);
    expect(reconnectDelay(1, 1)).toBe(1250);
  });

  it('joins on every connection and reconnects with backoff after the connection is lost', () => {
    const heard: unknown[] = [];
    const status: boolean[] = [];
    const stop = watchEvent('ev-1', { onMessage: (m) => heard.push(m), onStatus: (s) => status.push(s) });
    expect(last().url).toBe('wss://party.example:8443/ws');
    last().open();
    expect(last().sent).toEqual([JSON.stringify({ type: 'join', eventId: 'ev-1' })]);
    last().onmessage?.({ data: '{"type":"photo_approved","eventId":"ev-1","photoId":"p"}' });
    last().onmessage?.({ data: 'not json' });
    expect(heard).toEqual([{ type: 'photo_approved', eventId: 'ev-1', photoId: 'p' }]);

    last().drop();
    expect(status).toEqual([true, false]);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(1); // not before the first wait (≥ 750 ms)
    vi.advanceTimersByTime(600);
    expect(FakeSocket.all).toHaveLength(2);
    last().drop(); // refused again: the wait doubles
    vi.advanceTimersByTime(1400);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1200);
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    expect(last().sent).toHaveLength(1);
    expect(status).toEqual([true, false, true]);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('tries again at once when the browser comes back online', () => {
    const trouble: string[] = [];
    const stop = watchEvent('ev-2', { onMessage: () => {}, onTrouble: (t) => trouble.push(t) });
    for (let i = 0; i < 6; i++) {
      last().onerror?.();
      last().drop();
      vi.advanceTimersByTime(40_000);
    }
    expect(trouble).toEqual(['Live updates are paused; the page keeps refreshing itself.']);
    const before = FakeSocket.all.length;
    last().drop(); // now waiting up to 37.5 s
    win.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(before + 1);
    last().open();
    // the backoff it was sitting out does not open a second socket
    vi.advanceTimersByTime(40_000);
    expect(FakeSocket.all).toHaveLength(before + 1);
    stop();
  });
});
