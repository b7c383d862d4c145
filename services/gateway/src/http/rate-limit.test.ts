import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectRedis } from '../auth/sessions';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit';

function limiterContract(
  name: string,
  make: () => Promise<{ limiter: RateLimiter; done: () => Promise<void> }>,
) {
  it(`${name}: allows up to the limit in a window, then refuses until it resets`, async () => {
    const { limiter, done } = await make();
    try {
      const key = `t:${randomUUID()}`;
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 2));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]!.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(results[3]!.resetSeconds).toBeLessThanOrEqual(2);
      expect((await limiter.hit(`t:${randomUUID()}`, 3, 2)).allowed).toBe(true); // other keys are separate
      await new Promise((r) => setTimeout(r, 2100));
      expect((await limiter.hit(key, 3, 2)).allowed).toBe(true);
    } finally {
      await done();
    }
  });

  it(`${name}: peeks at a window's count without adding to it`, async () => {
    const { limiter, done } = await make();
    try {
      const key = `t:${randomUUID()}`;
      expect((await limiter.peek(key)).count).toBe(0);
      await limiter.hit(key, 5, 60);
      await limiter.hit(key, 5, 60);
      const seen = await limiter.peek(key);
      expect(seen.count).toBe(2);
      expect(seen.resetSeconds).toBeGreaterThan(0);
      expect(seen.resetSeconds).toBeLessThanOrEqual(60);
      expect((await limiter.peek(key)).count).toBe(2);
    } finally {
      await done();
    }
  });
}

describe('rate limiters', () => {
  limiterContract('memory', async () => ({ limiter: memoryRateLimiter(), done: async () => {} }));
  const url = process.env.REDIS_URL;
  if (!url) console.warn('REDIS_URL not set: the Redis rate limiter is not tested');
  describe.skipIf(!url)('redis', () => {
    limiterContract('redis', async () => {
      const client = await connectRedis(url!);
      return {
        limiter: redisRateLimiter(client, `afterglow:test:${randomUUID()}:`),
        done: async () => void (await client.quit()),
      };
    });
  });
});
