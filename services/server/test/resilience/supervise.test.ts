import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with `npm run start:distributed`
import { RESTART, restartDelay } from '../../../../scripts/distributed.mjs';
import { waitFor } from '../support/harness';
import { infraAvailable } from '../support/infra';
import { SERVICES, processesForSuite, type Processes } from '../support/processes';

describe('restarting a service that died', () => {
  it('waits 1 s, doubling each time it dies again, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => restartDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(RESTART.resetAfterMs).toBeGreaterThanOrEqual(RESTART.maxMs);
  });
});

/**
 * `npm run start:distributed` supervises its processes: one that dies is started again on its own and
 * the others keep running.
 */
describe.skipIf(!infraAvailable)('the distributed profile on one machine, supervised', () => {
  const suite = processesForSuite({ supervise: true });
  let running: Processes;
  beforeAll(() => void ({ running } = suite));

  const pids = () => new Map([...running.children].map(([name, c]) => [name, c.pid as number]));
  const readyz = async (name: string) => {
    try {
      return (await fetch(`${running.urlOf(name)}/readyz`)).status;
    } catch {
      return 0; // not listening
    }
  };
  const killAndAwaitReturn = async (name: string) => {
    const child = running.children.get(name)!;
    child.kill('SIGKILL');
    await child.exited;
    expect(await readyz(name)).toBe(0);
    await waitFor(async () => running.children.get(name) !== child && (await readyz(name)) === 200, 60_000);
  };

  it('restarts a killed service alone, with backoff, and it serves again', async () => {
    const before = pids();
    const missing = `${running.gatewayUrl}/api/events/by-code/ZZZZZZ`;
    expect((await fetch(missing)).status).toBe(404);

    await killAndAwaitReturn('events');
    expect(suite.logs).toContainEqual(expect.stringMatching(/^events \| .*\(SIGKILL\); restarting in 1 s$/));
    // the gateway reaches the new process
    expect((await fetch(missing)).status).toBe(404);

    // dying again soon after: the wait doubles
    await killAndAwaitReturn('events');
    expect(suite.logs).toContainEqual(expect.stringMatching(/^events \| .*\(SIGKILL\); restarting in 2 s$/));

    const after = pids();
    expect(after.get('events')).not.toBe(before.get('events'));
    for (const name of [...SERVICES, 'gateway'].filter((n) => n !== 'events')) {
      expect(after.get(name), `${name} was not restarted`).toBe(before.get(name));
      expect(running.children.get(name)!.exitCode, name).toBeNull();
    }
    expect((await fetch(`${running.gatewayUrl}/readyz`)).status).toBe(200);
  }, 120_000);
});
