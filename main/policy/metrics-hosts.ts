import { bareHost } from '../../app/scenario/metrics-address';
import type { FieldError } from '../../app/scenario/schema';
import { targetHosts } from '../../app/scenario/target-hosts';
import type { Target } from '../../app/scenario/targets';
import { readConfig } from '../config/config-file';
import { configFile } from '../config/dirs';

/** This machine under any of its loopback names: 127.0.0.1 and localhost are one host. */
function isLoopback(h: string): boolean {
  return (
    h === 'localhost' ||
    h === '::1' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h)
  );
}

const sameHost = (a: string, b: string): boolean => a === b || (isLoopback(a) && isLoopback(b));

/**
 * A metrics endpoint is read once a second for the whole run, so a scenario
 * (imported, sent over the Bridge, saved by someone else) may name only the
 * target's own hosts, or those the user lists in "metricsHosts" of the
 * config: never an admin page of some other service, nor a machine the
 * benchmark does not otherwise touch. Metadata and link-local addresses are
 * refused earlier, by the schema, whatever the config says.
 */
export function checkMetricsUrls(t: Target, env: NodeJS.ProcessEnv = process.env): FieldError[] {
  const urls = t.metricsUrls;
  if (urls.length === 0) return [];
  const own = targetHosts(t).map(bareHost);
  let listed: string[] | undefined;
  const errors: FieldError[] = [];
  urls.forEach((u, i) => {
    const host = bareHost(new URL(u).hostname);
    if (own.some((h) => sameHost(h, host))) return;
    listed ??= readConfig(env).metricsHosts.map(bareHost);
    if (listed.some((h) => sameHost(h, host))) return;
    errors.push({
      field: `target.metricsUrls.${i}`,
      reason:
        `${host} is not one of the target's hosts (${own.join(', ')}): a scenario reads metrics only from the machines it benchmarks; ` +
        `to read them from ${host}, add "${host}" to "metricsHosts" in ${configFile(env)}`,
    });
  });
  return errors;
}
