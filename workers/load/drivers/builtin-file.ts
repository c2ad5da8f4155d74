import type { Target } from '../../../app/scenario/targets';
import { noOperation, OK, type Driver, type DriverContext, type DriverFactory, type Outcome } from '../driver';
import { FAILED, HttpClient, isOpTimeout } from './http-client';

type FileSettings = Extract<Target, { kind: 'builtin-file' }>;

const classifyGet = (status: number): Outcome | typeof FAILED => (status >= 200 && status < 300 ? OK : FAILED);

/** The file server: every GET streams the whole file, which the driver counts and drops. */
class BuiltinFileDriver implements Driver {
  readonly versions = { http: process.versions.node };
  private readonly http: HttpClient;

  constructor(ctx: DriverContext, target: FileSettings) {
    const { scenario } = ctx;
    const ep = ctx.endpoint ?? { host: target.host, port: target.port };
    this.http = new HttpClient(ep.host, ep.port, scenario.opTimeoutMs, ctx.io, scenario.inFlight);
  }

  connect(): Promise<void> {
    // HEAD reaches the server without streaming a file that may be large.
    return this.http.probe('builtin-file', 'HEAD', '/', classifyGet);
  }

  /** The HTTP client already resolves with the outcome. */
  outcome(result: unknown): Outcome {
    return result as Outcome;
  }

  run(op: string): Promise<Outcome> {
    if (op === 'get') return this.http.send('GET', '/', undefined, classifyGet);
    return noOperation('builtin-file', op);
  }

  isTimeout(err: unknown): boolean {
    return isOpTimeout(err);
  }

  async close(): Promise<void> {
    this.http.close();
  }
}

export const createDriver: DriverFactory = (ctx) => {
  const target = ctx.scenario.target;
  if (target.kind !== 'builtin-file') throw new Error(`the builtin-file driver cannot drive a ${target.kind} target`);
  return new BuiltinFileDriver(ctx, target);
};
