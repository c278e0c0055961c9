import type * as ChromeLauncher from 'chrome-launcher';
import type Lighthouse from 'lighthouse';

/** A Lighthouse performance score, or why there is none: a number is only ever a measured one. */
export type LighthouseScore = { url: string; score: number } | { url: string; notMeasured: string };

const CHROMIUM = '/usr/bin/chromium';

/**
 * Lighthouse's default (mobile: a mid-range phone, slow 4G, 4× CPU slowdown) performance score for each
 * page, with Debian's Chromium headless. Whatever fails is reported as not measured, with the reason.
 */
export async function lighthouseScores(urls: string[]): Promise<LighthouseScore[]> {
  let launcher: typeof ChromeLauncher;
  let lighthouse: typeof Lighthouse;
  try {
    launcher = await import('chrome-launcher');
    lighthouse = (await import('lighthouse')).default;
  } catch (error) {
    return urls.map((url) => ({ url, notMeasured: `lighthouse could not load: ${String(error)}` }));
  }
  const scores: LighthouseScore[] = [];
  for (const url of urls) {
    // Lighthouse sometimes loses a page load's trace (NO_NAVSTART, "Please run Lighthouse again"): one more try.
    let measured = await scoreOnce(launcher, lighthouse, url);
    if ('notMeasured' in measured) measured = await scoreOnce(launcher, lighthouse, url);
    scores.push(measured);
  }
  return scores;
}

/** One Lighthouse run of one page in a Chromium of its own. */
async function scoreOnce(
  launcher: typeof ChromeLauncher,
  lighthouse: typeof Lighthouse,
  url: string,
): Promise<LighthouseScore> {
  let chrome: Awaited<ReturnType<typeof launcher.launch>> | undefined;
  try {
    chrome = await launcher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    const score = result?.lhr.categories.performance?.score;
    const runtimeError = result?.lhr.runtimeError?.message;
    return typeof score === 'number'
      ? { url, score: Math.round(score * 100) }
      : { url, notMeasured: runtimeError ?? 'lighthouse returned no score' };
  } catch (error) {
    return { url, notMeasured: error instanceof Error ? error.message : String(error) };
  } finally {
    chrome?.kill();
  }
}
