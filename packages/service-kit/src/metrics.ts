import { metrics } from '@opentelemetry/api';

/**
 * WebSocket upgrades on /ws, by result: counted where each is decided (the gateway refuses what it
 * cannot route, realtime accepts or refuses the rest), under one name and description.
 */
export const realtimeUpgradesCounter = (meterName: string) =>
  metrics.getMeter(meterName).createCounter('afterglow.realtime.upgrades', {
    description: 'WebSocket upgrades on /ws, by result',
  });
