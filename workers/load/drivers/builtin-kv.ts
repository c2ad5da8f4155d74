import type { Target } from '../../../app/scenario/targets';
import { NOT_FOUND, noOperation, OK, type Driver, type DriverContext, type DriverFactory, type Outcome } from '../driver';
import { Rng } from '../keys';
import { FAILED, HttpClient, isOpTimeout, type Body } from './http-client';

type KvSettings = Extract<Target, { kind: 'builtin-kv' }>;

/** Largest integer in a stored value; any range works, the server sorts and sums whatever it gets. */
const MAX_VALUE_INT = 1_000_000;
/** Load keys are lower-case letters only, so a key with a dash is never written and the probe always gets 404. */
const PROBE_PATH = '/kvscope-probe-0';

const classifyGet = (status: number): Outcome | typeof FAILED => (status === 200 ? OK : status === 404 ? NOT_FOUND : FAILED);
const classifyPut = (status: number): Outcome | typeof FAILED => (status >= 200 && status < 300 ? OK : FAILED);

/** The "cluster vs async" key-value server over HTTP: GET and PUT of `/<key>`. */
class BuiltinKvDriver implements Driver {
  readonly versions = { http: process.versions.node };
  private readonly http: HttpClient;
  private readonly value: Body;

  constructor(ctx: DriverContext, target: KvSettings) {
    const { scenario } = ctx;
    const ep = ctx.endpoint ?? { host: target.host, port: target.port };
    this.http = new HttpClient(ep.host, ep.port, scenario.opTimeoutMs, ctx.io, scenario.inFlight);
    this.value = jsonIntArray(scenario.valueSize, new Rng(scenario.seed + ctx.workerId));
  }

  connect(): Promise<void> {
    return this.http.probe('builtin-kv', 'GET', PROBE_PATH, classifyGet);
  }

  /** The HTTP client already resolves with the outcome. */
  outcome(result: unknown): Outcome {
    return result as Outcome;
  }

  run(op: string, key: string): Promise<Outcome> {
    if (op === 'get') return this.http.send('GET', '/' + key, undefined, classifyGet);
    if (op === 'put') return this.http.send('PUT', '/' + key, this.value, classifyPut);
    return noOperation('builtin-kv', op);
  }

  isTimeout(err: unknown): boolean {
    return isOpTimeout(err);
  }

  async close(): Promise<void> {
    this.http.close();
  }
}

/** The value every PUT sends: `size` integers as a JSON array, the shape the server's GET work parses. */
function jsonIntArray(size: number, rng: Rng): Body {
  const ints = new Array<number>(size);
  for (let i = 0; i < size; i++) ints[i] = rng.int(MAX_VALUE_INT);
  const bytes = Buffer.from(JSON.stringify(ints));
  return { bytes, headers: { 'Content-Type': 'application/json', 'Content-Length': bytes.length } };
}

export const createDriver: DriverFactory = (ctx) => {
  const target = ctx.scenario.target;
  if (target.kind !== 'builtin-kv') throw new Error(`the builtin-kv driver cannot drive a ${target.kind} target`);
  return new BuiltinKvDriver(ctx, target);
};
