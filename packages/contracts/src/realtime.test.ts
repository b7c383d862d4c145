import { describe, expect, it } from 'vitest';
import { socketJoinSchema, socketPhotoSchema, socketServerMessageSchema } from './realtime';

const eventId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const photoId = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';

describe('WebSocket messages', () => {
  it('reads what a browser sends to watch an event', () => {
    expect(socketJoinSchema.parse({ type: 'join', eventId })).toEqual({ type: 'join', eventId });
    expect(socketJoinSchema.safeParse({ type: 'join' }).success).toBe(false);
    expect(socketJoinSchema.safeParse({ type: 'join', eventId: 'x'.repeat(65) }).success).toBe(false);
    expect(socketJoinSchema.safeParse({ type: 'watch', eventId }).success).toBe(false);
  });

  it('sends browsers a photo notice without who it is for', () => {
    const notice = { type: 'photo_moderated', eventId, photoId, audience: 'host', status: 'approved' };
    expect(socketPhotoSchema.parse(notice)).toEqual({
      type: 'photo_moderated',
      eventId,
      photoId,
      status: 'approved',
    });
    expect(JSON.stringify(socketPhotoSchema.parse({ type: 'photo_uploaded', eventId, photoId }))).toBe(
      JSON.stringify({ type: 'photo_uploaded', eventId, photoId }),
    );
  });

  it('knows every message the server sends, and nothing else', () => {
    for (const m of [
      { type: 'joined', eventId, role: 'host' },
      { type: 'joined', eventId, role: 'guest' },
      { type: 'error', message: 'Event not found' },
      { type: 'photo_approved', eventId, photoId, status: 'approved' },
      { type: 'event_deleted', eventId },
    ])
      expect(socketServerMessageSchema.parse(m)).toEqual(m);
    for (const m of [
      { type: 'joined', eventId, role: 'admin' },
      { type: 'photo_approved', eventId, photoId, status: 'lost' },
      { type: 'photo_deleted', eventId, photoId },
      { type: 'error' },
    ])
      expect(socketServerMessageSchema.safeParse(m).success, JSON.stringify(m)).toBe(false);
  });
});
