import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, notFound, type RpcContract } from '@afterglow/contracts';
import { BusRequestError, createMemoryBus } from './index';
import { answer, ask } from './rpc';

const double: RpcContract<z.ZodObject<{ n: z.ZodNumber }>, z.ZodObject<{ twice: z.ZodNumber }>> = {
  subject: 'rpc.test.double',
  request: z.object({ n: z.number() }),
  response: z.object({ twice: z.number() }),
};

describe('ask and answer', () => {
  it('round-trips parsed requests and answers', async () => {
    const bus = createMemoryBus();
    const seen: unknown[] = [];
    await answer(bus, double, async (req) => {
      seen.push(req);
      return { twice: req.n * 2 };
    });
    expect(await ask(bus, double, { n: 21 })).toEqual({ twice: 42 });
    // an extra field is dropped before it leaves
    expect(await ask(bus, double, { n: 1, extra: true } as never)).toEqual({ twice: 2 });
    expect(seen).toEqual([{ n: 21 }, { n: 1 }]);
    await bus.close();
  });

  it("passes an answering service's refusal on as the same HttpError", async () => {
    const bus = createMemoryBus();
    await answer(bus, double, async () => {
      throw notFound('Nothing doubles here', 'no_double');
    });
    const err = await ask(bus, double, { n: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 404, code: 'no_double', message: 'Nothing doubles here' });
    await bus.close();
  });

  it('refuses a request that does not parse, and an answer that does not parse', async () => {
    const bus = createMemoryBus();
    await answer(bus, double, async () => ({ twice: 'many' }) as never);
    // a request sent around the helper
    const bad = await bus.request(double.subject, { n: 'one' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'bad_request' });
    const wrong = await ask(bus, double, { n: 1 }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(BusRequestError);
    expect(wrong).toMatchObject({ status: 500 });
    await expect(ask(bus, double, { n: 'x' } as never)).rejects.toThrow();
    await bus.close();
  });

  it('leaves an absent service a BusRequestError (503, no responders)', async () => {
    const bus = createMemoryBus();
    const err = await ask(bus, double, { n: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusRequestError);
    expect(err).toMatchObject({ status: 503, code: 'no_responders' });
    await bus.close();
  });
});
