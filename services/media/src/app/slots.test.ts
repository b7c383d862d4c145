import { describe, expect, it } from 'vitest';
import { slots } from './slots';

describe('slots', () => {
  it('runs at most n at once, the rest in the order they came, and frees a slot on failure', async () => {
    const run = slots(2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number, fail = false) =>
      run(async () => {
        now++;
        most = Math.max(most, now);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        now--;
        if (fail) throw new Error(`job ${i}`);
        return i;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    // every slot is free again
    await expect(Promise.all([run(async () => 'a'), run(async () => 'b')])).resolves.toEqual(['a', 'b']);
  });
});
