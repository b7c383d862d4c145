import {
  HttpError,
  type RpcContract,
  type RpcHandler,
  type RpcRequest,
  type RpcResponse,
} from '@afterglow/contracts';
import { BusRequestError, type Bus, type RequestOptions, type Subscription } from './types';

/**
 * Asks over the bus (convention 1): the request is parsed before it leaves and the answer when it
 * comes back. A refusal (a 4xx the answering service gave) rejects as that HttpError, so it reaches
 * the asker's own caller unchanged; anything else rejects as the bus's BusRequestError.
 */
export async function ask<C extends RpcContract>(
  bus: Bus,
  contract: C,
  data: RpcRequest<C>,
  opts?: RequestOptions,
): Promise<RpcResponse<C>> {
  let answer: unknown;
  try {
    answer = await bus.request(contract.subject, contract.request.parse(data), opts);
  } catch (err) {
    if (err instanceof BusRequestError && err.status >= 400 && err.status < 500)
      throw new HttpError(err.status, err.code, err.message);
    throw err;
  }
  const parsed = contract.response.safeParse(answer);
  if (!parsed.success) throw new BusRequestError(`invalid answer from ${contract.subject}`, 'bad_reply', 502);
  return parsed.data as RpcResponse<C>;
}

/**
 * Answers `contract` on the bus: a request that does not parse is refused (400 `bad_request`), the
 * answer is parsed before it leaves, and an HttpError the handler throws reaches the asker with its
 * status, code and message.
 */
export function answer<C extends RpcContract>(
  bus: Bus,
  contract: C,
  handler: RpcHandler<C>,
): Promise<Subscription> {
  return bus.reply(contract.subject, async (data) => {
    const request = contract.request.safeParse(data);
    if (!request.success)
      throw new BusRequestError(`invalid request to ${contract.subject}`, 'bad_request', 400);
    try {
      return contract.response.parse(await handler(request.data as Parameters<RpcHandler<C>>[0]));
    } catch (err) {
      if (err instanceof HttpError) throw new BusRequestError(err.message, err.code, err.status);
      throw err;
    }
  });
}
