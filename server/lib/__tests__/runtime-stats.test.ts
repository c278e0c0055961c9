import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { answerRuntimeStatsOverIpc, createRuntimeStats, lateness, type RuntimeStats } from '../runtime-stats';

/** Keeps the event loop busy for `ms`: nothing else can run meanwhile. */
function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const nextTimer = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the runtime stats', () => {
  it('when the event loop is blocked, then its delay shows it, and a reset forgets it', async () => {
    const stats = createRuntimeStats();
    try {
      await nextTimer();
      block(80);
      await vi.waitFor(() => expect(stats.read().loopDelayMax).toBeGreaterThanOrEqual(60));

      stats.reset();
      expect(stats.read().loopDelayMax).toBeLessThan(60);
    } finally {
      stats.stop();
    }
  });

  it("reads the loop's delay as the lateness past the monitor's 10 ms interval, not the interval itself", () => {
    expect(lateness(10_170_000)).toBe(0.17);
    expect(lateness(90_000_000)).toBe(80);
    // The first timer of a monitor can fire a little early: never a negative delay.
    expect(lateness(9_990_000)).toBe(0);
  });

  it('when the process allocates, then its garbage collections are counted with their pauses', async () => {
    const stats = createRuntimeStats();
    try {
      let kept: unknown[] = [];
      for (let i = 0; i < 2_000_000; i++) {
        kept.push({ i });
        if (kept.length > 10_000) kept = [];
      }
      await vi.waitFor(() => expect(stats.read().gcCount).toBeGreaterThan(0));
      const read = stats.read();
      expect(read.minorGcCount).toBeGreaterThan(0);
      expect(read.gcTotalMs).toBeGreaterThan(0);
      expect(read.gcMaxMs).toBeLessThanOrEqual(read.gcTotalMs);
      expect(read.rssMb).toBeGreaterThan(0);
    } finally {
      stats.stop();
    }
  });

  it('when memory rises and falls between two reads, then the peak keeps the top until a reset', async () => {
    const MB = 1024 * 1024;
    let rss = 100 * MB;
    let sampled = 0;
    const stats = createRuntimeStats({
      readRss: () => {
        sampled += 1;
        return rss;
      },
    });
    try {
      rss = 500 * MB;
      const before = sampled;
      await vi.waitFor(() => expect(sampled).toBeGreaterThan(before + 1));
      rss = 120 * MB;

      expect(stats.read()).toMatchObject({ rssMb: 120, rssPeakMb: 500 });
      stats.reset();
      expect(stats.read()).toMatchObject({ rssMb: 120, rssPeakMb: 120 });
    } finally {
      stats.stop();
    }
  });

  it('when a parent asks over IPC, then it is answered, and a reset starts afresh', async () => {
    const answers: RuntimeStats[] = [];
    const channel = Object.assign(new EventEmitter(), {
      send: (message: { runtimeStats: RuntimeStats }) => answers.push(message.runtimeStats),
    });
    answerRuntimeStatsOverIpc(channel as unknown as NodeJS.Process);
    try {
      await nextTimer();
      block(80);
      await nextTimer();
      channel.emit('message', { runtimeStats: 'read' });
      channel.emit('message', { runtimeStats: 'reset' });
      channel.emit('message', { listening: 1 });

      expect(answers).toHaveLength(2);
      expect(answers[0]!.loopDelayMax).toBeGreaterThanOrEqual(60);
      expect(answers[1]!.loopDelayMax).toBeLessThan(60);
    } finally {
      channel.emit('disconnect');
    }
  });
});
