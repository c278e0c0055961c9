import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** How long the event loop waited and how long garbage collection paused it, since the last reset. */
export interface RuntimeStats {
  /**
   * Event-loop delay: how late a timer ran past its due time, in ms (perf_hooks.monitorEventLoopDelay records
   * the whole interval between its timers, the resolution included: an idle loop reads 10 ms there, 0 here).
   */
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
  /** Garbage collections, with their summed and longest pause, in ms; the minor (scavenge) ones apart. */
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  minorGcCount: number;
  /** Heap used and resident memory now, in MB. */
  heapUsedMb: number;
  rssMb: number;
  /** The highest resident memory seen since the last reset (sampled every 100 ms), in MB. */
  rssPeakMb: number;
}

/** What the parent process sends (`{ runtimeStats: 'reset' | 'read' }`) and gets back (`{ runtimeStats }`). */
export type RuntimeStatsRequest = { runtimeStats: 'reset' | 'read' };

// node:perf_hooks' NODE_PERFORMANCE_GC_MINOR: a scavenge of the young generation.
const MINOR_GC = 1;
const LOOP_DELAY_RESOLUTION_MS = 10;
const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
/** How late the loop ran the delay monitor's timer, its interval less the resolution it was due after. */
export const lateness = (nanoseconds: number) =>
  Math.max(0, ms(nanoseconds - LOOP_DELAY_RESOLUTION_MS * 1e6));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Measures where a latency tail comes from inside the process (issue 46): a stalled event loop delays every
 * request waiting behind it, and a garbage collection stops the loop for its pause.
 */
export function createRuntimeStats({ readRss = () => process.memoryUsage.rss() } = {}) {
  const delay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  let gc = { count: 0, totalMs: 0, maxMs: 0, minorCount: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === MINOR_GC) gc.minorCount += 1;
    }
  });
  let rssPeak = readRss();
  const sampleRss = setInterval(() => {
    rssPeak = Math.max(rssPeak, readRss());
  }, 100);
  sampleRss.unref();
  delay.enable();
  observer.observe({ entryTypes: ['gc'] });
  return {
    reset() {
      delay.reset();
      gc = { count: 0, totalMs: 0, maxMs: 0, minorCount: 0 };
      rssPeak = readRss();
    },
    read(): RuntimeStats {
      const heapUsed = process.memoryUsage().heapUsed;
      const rss = readRss();
      return {
        loopDelayP50: lateness(delay.percentile(50)),
        loopDelayP99: lateness(delay.percentile(99)),
        loopDelayMax: lateness(delay.max),
        gcCount: gc.count,
        gcTotalMs: Math.round(gc.totalMs * 100) / 100,
        gcMaxMs: Math.round(gc.maxMs * 100) / 100,
        minorGcCount: gc.minorCount,
        heapUsedMb: mb(heapUsed),
        rssMb: mb(rss),
        rssPeakMb: mb(Math.max(rssPeak, rss)),
      };
    },
    stop() {
      clearInterval(sampleRss);
      delay.disable();
      observer.disconnect();
    },
  };
}

/**
 * A parent that started this process with an IPC channel (the bench) can reset and read its runtime stats:
 * `{ runtimeStats: 'reset' | 'read' }` is answered with `{ runtimeStats: RuntimeStats }`.
 */
export function answerRuntimeStatsOverIpc(channel: NodeJS.Process): void {
  if (!channel.send) return;
  const stats = createRuntimeStats();
  channel.on('message', (message: Partial<RuntimeStatsRequest>) => {
    if (message?.runtimeStats === 'reset') stats.reset();
    if (message?.runtimeStats === 'reset' || message?.runtimeStats === 'read')
      channel.send?.({ runtimeStats: stats.read() });
  });
  channel.on('disconnect', () => stats.stop());
}
