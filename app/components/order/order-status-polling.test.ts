import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/statuses.ts';
import { ApiError } from '../../lib/api/client.ts';
import { POLL_INTERVAL_MS, orderIdParam, pollOrderStatus } from './order-status-polling.ts';

/** A clock that only moves when the poller sleeps. */
function fakeClock() {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

function answers(...steps: (OrderStatus | Error)[]) {
  let call = 0;
  return {
    get calls() {
      return call;
    },
    fetchStatus: async (): Promise<OrderStatus> => {
      const step = steps[Math.min(call, steps.length - 1)]!;
      call += 1;
      if (step instanceof Error) throw step;
      return step;
    },
  };
}

describe('pollOrderStatus', () => {
  it('asks every 1.5 s until the order is no longer pending', async () => {
    const clock = fakeClock();
    const server = answers('pending', 'pending', 'paid');
    expect(await pollOrderStatus({ ...server, ...clock })).toBe('paid');
    expect(server.calls).toBe(3);
    expect(clock.sleeps).toEqual([POLL_INTERVAL_MS, POLL_INTERVAL_MS]);
  });

  it('answers failed and cancelled as they come', async () => {
    expect(await pollOrderStatus({ ...answers('failed'), ...fakeClock() })).toBe('failed');
    expect(await pollOrderStatus({ ...answers('pending', 'cancelled'), ...fakeClock() })).toBe('cancelled');
  });

  it('retries through network and server errors', async () => {
    const server = answers(
      new ApiError(0, 'network_error', 'offline'),
      new ApiError(503, 'internal', 'x'),
      'paid',
    );
    expect(await pollOrderStatus({ ...server, ...fakeClock() })).toBe('paid');
  });

  it('stops at once on an order that is not the user’s', async () => {
    const server = answers(new ApiError(404, 'not_found', 'no'));
    expect(await pollOrderStatus({ ...server, ...fakeClock() })).toBe('unknown');
    expect(server.calls).toBe(1);
  });

  it('gives up after about two minutes', async () => {
    const clock = fakeClock();
    const server = answers('pending');
    expect(await pollOrderStatus({ ...server, ...clock })).toBe('timeout');
    expect(clock.now()).toBeLessThanOrEqual(120_000);
    expect(server.calls).toBe(81);
  });

  it('answers nothing once aborted', async () => {
    const controller = new AbortController();
    const server = answers('pending');
    const clock = fakeClock();
    const result = pollOrderStatus({
      ...server,
      now: clock.now,
      sleep: async (ms) => {
        await clock.sleep(ms);
        controller.abort();
      },
      signal: controller.signal,
    });
    expect(await result).toBeNull();
    expect(server.calls).toBe(1);
  });
});

describe('orderIdParam', () => {
  it('reads an order id and nothing else', () => {
    expect(orderIdParam('42')).toBe(42);
    expect(orderIdParam(null)).toBeNull();
    expect(orderIdParam('0')).toBeNull();
    expect(orderIdParam('4e2')).toBeNull();
    expect(orderIdParam('-1')).toBeNull();
    expect(orderIdParam('123456789')).toBeNull();
  });
});
