import { waitUntil } from './wait-until';
import { scrape } from '../monitor/scrape';

/**
 * A member's JMX exporter answers its first scrapes on a cold JVM slowly
 * (about 200 ms on an idle 2-core machine, later ones 20 to 50 ms; past the
 * monitor's 800 ms reading limit once on a loaded CI machine, whose short
 * run then held no member statistics at all). So the local cluster is ready
 * only once every exporter has answered this many whole scrapes.
 */
export const EXPORTER_WARM_SCRAPES = 3;
/** How long the exporters together may take to answer those scrapes before the cluster runs without some of them. */
export const EXPORTER_READY_TIMEOUT_MS = 30_000;
/** One scrape of the warm-up may take this long: the first one compiles the exporter's path. */
const WARM_SCRAPE_TIMEOUT_MS = 10_000;
const RETRY_MS = 250;

/**
 * Scrapes each URL until it has answered EXPORTER_WARM_SCRAPES times, all
 * URLs at once, within `timeoutMs` in all; `warn` names each one that did
 * not (the run goes on, without that member's own statistics until its
 * exporter answers the monitor). `gaveUp` ends the wait early with its reason
 * (a member exited), as the cluster's own readiness wait does.
 */
export async function warmExporters(
  urls: readonly string[],
  warn: (message: string) => void,
  gaveUp: () => string | undefined = () => undefined,
  timeoutMs = EXPORTER_READY_TIMEOUT_MS,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  await Promise.all(
    urls.map(async (url) => {
      let answered = 0;
      const check = async (): Promise<boolean> => {
        const left = Math.max(1, Math.min(WARM_SCRAPE_TIMEOUT_MS, until - Date.now()));
        // A whole page answered with 200, its body read, as the monitor reads it.
        const whole = await scrape(url, left).then(
          () => true,
          () => false,
        );
        if (whole) answered++;
        return answered >= EXPORTER_WARM_SCRAPES;
      };
      const why = await waitUntil(check, Math.max(0, until - Date.now()), gaveUp, RETRY_MS);
      if (why) warn(`metrics ${url} answered ${answered} of ${EXPORTER_WARM_SCRAPES} warm-up scrapes: ${why}`);
    }),
  );
}
