import { setTimeout as sleep } from 'node:timers/promises';
import { steadyLoad, type BenchRequest, type LoadResult } from './load';
import type { RuntimeStats } from '../server/lib/runtime-stats';

/**
 * Issue 46 item 5: the app's resident memory over a long steady load of every read, sampled from inside the
 * process. A leak shows as memory still growing in the second half, once caches, pools and the JIT have settled.
 */
export interface SoakFigures {
  seconds: number;
  /** Requests a second asked for, spread over every read and signed-in client. */
  rate: number;
  load: LoadResult;
  /** The app's RSS at even intervals from start to end, in MB. */
  rssSamplesMb: number[];
  /** The highest RSS seen during the soak (sampled every 100 ms inside the process), in MB. */
  peakRssMb: number;
  /** RSS at the end less RSS at half time, in MB: at most SOAK_GROWTH_ALLOWED of the half-time RSS. */
  lastHalfGrowthMb: number;
}

/** How much the RSS may rise over the soak's last half and still count as not growing: allocator noise. */
export const SOAK_GROWTH_ALLOWED = 0.05;

/** The RSS sampled at half time: the samples run from start to end, an odd number of them. */
export const halfTimeRssMb = (soak: SoakFigures) => soak.rssSamplesMb[(soak.rssSamplesMb.length - 1) / 2]!;

export const soakGrew = (soak: SoakFigures) =>
  soak.lastHalfGrowthMb > SOAK_GROWTH_ALLOWED * halfTimeRssMb(soak);

export async function measureSoak(options: {
  base: string;
  seconds: number;
  rate: number;
  connections: number;
  next: () => BenchRequest;
  /** Reads (`reset` first: the peak starts with the soak) the app's runtime stats over its IPC channel. */
  runtimeStats(request: 'reset' | 'read'): Promise<RuntimeStats>;
  /** RSS samples after the first: an even number, so one falls at half time. */
  samples?: number;
}): Promise<SoakFigures> {
  const samples = options.samples ?? 20;
  const rssSamplesMb = [(await options.runtimeStats('reset')).rssMb];
  const started = performance.now();
  const loading = steadyLoad(options.base, options.next, {
    connections: options.connections,
    seconds: options.seconds,
    rate: options.rate,
  });
  for (let sample = 1; sample <= samples; sample++) {
    const due = started + (sample * options.seconds * 1000) / samples;
    await sleep(Math.max(0, due - performance.now()));
    if (sample === samples) await loading;
    rssSamplesMb.push((await options.runtimeStats('read')).rssMb);
  }
  const load = await loading;
  const end = await options.runtimeStats('read');
  return {
    seconds: options.seconds,
    rate: options.rate,
    load,
    rssSamplesMb,
    peakRssMb: end.rssPeakMb,
    lastHalfGrowthMb: rssSamplesMb.at(-1)! - rssSamplesMb[samples / 2]!,
  };
}
