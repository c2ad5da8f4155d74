import type { Cluster, default as Redis, RedisOptions } from 'ioredis';
import { isRedisCluster, type RedisSettings } from '../../../app/scenario/redis-target';
import { NOT_FOUND, noOperation, OK, type Driver, type DriverContext, type DriverFactory, type IoCounters, type Outcome } from '../driver';
import { RMW_OP } from '../../../app/scenario/targets';
import { keyFor, Rng } from '../keys';
import { prefillKeys } from '../prefill';
import { Values } from '../values';
import { clientVersion, loadClient } from '../client-module';
import { REDACTED } from '../../../app/scenario/secrets';
import { CONNECT_TIMEOUT_MS } from '../../../app/host/connect-timeout';

type Client = Redis | Cluster;

/** ioredis 4 and 5 both export the client as `default` and the cluster client as `Cluster`. */
const ioredis = (): typeof import('ioredis') => loadClient('ioredis');

// In-flight commands survive one reconnect; after that they fail rather than pile up behind a dead server.
const MAX_RETRIES_PER_REQUEST = 1;
// Once connected, a dropped connection is retried with a short, capped back-off so a restarted server rejoins the run.
const RECONNECT_STEP_MS = 100;
const RECONNECT_MAX_DELAY_MS = 2_000;
// QUIT is a courtesy to the server; a stalled server must not hold up the worker's shutdown.
const QUIT_GRACE_MS = 1_000;
// How long a closing socket may wait for the server's FIN before it is destroyed; ioredis's 2 s default
// also keeps a finished worker alive that long when the socket had already dropped.
const DISCONNECT_TIMEOUT_MS = 250;

const noop = (): void => undefined;

class RedisDriver implements Driver {
  readonly versions = { ioredis: clientVersion('ioredis') };
  private readonly clients: Client[];
  private readonly values: Values;
  private readonly where: string;
  private readonly io: IoCounters;
  private next = 0;
  /** Reconnecting is allowed only after a successful connect(), and never after close(). */
  private connected = false;
  private closed = false;
  /** The latest 'error' event: connect() rejects with a bare "Connection is closed.", the cause arrives here. */
  private lastError: unknown;
  /** Errors repeat on every reconnect attempt; each distinct one is logged once per outage. */
  private lastLogged: string | undefined;

  constructor(
    private readonly ctx: DriverContext,
    private readonly target: RedisSettings,
  ) {
    const { scenario } = ctx;
    this.io = ctx.io;
    // A cluster kvscope started for the run is reached through the seed main hands over.
    const seed = target.localCluster > 0 && ctx.endpoint ? ctx.endpoint : { host: target.host, port: target.port };
    const cluster = isRedisCluster(target);
    this.where = `${cluster ? 'cluster ' : ''}${seed.host}:${seed.port}`;
    this.values = new Values(new Rng(scenario.seed + ctx.workerId), scenario.valueSize, scenario.valueSizes);
    const options: RedisOptions = {
      host: seed.host,
      port: seed.port,
      password: target.password,
      db: target.db,
      lazyConnect: true,
      enableAutoPipelining: target.autoPipelining,
      // No commandTimeout: it arms a timer per command, which cost about 8% of
      // throughput in bench:overhead. The load loop's watchdog times out
      // operations for every driver instead.
      connectTimeout: CONNECT_TIMEOUT_MS,
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
      // Without a connection, commands fail at once instead of buffering without bound.
      enableOfflineQueue: false,
      retryStrategy: (times) => (this.connected && !this.closed ? Math.min(times * RECONNECT_STEP_MS, RECONNECT_MAX_DELAY_MS) : null),
    };
    this.clients = [];
    for (let i = 0; i < target.connections; i++) {
      const client = cluster ? clusterClient(seed, options) : new (ioredis().default)(options);
      client.on('error', this.onError);
      client.on('ready', this.onReady);
      this.clients.push(client);
    }
  }

  async connect(): Promise<void> {
    const results = await Promise.allSettled(this.clients.map((c) => c.connect()));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      const reason = describe(this.lastError ?? failed.reason);
      await this.close();
      throw new Error(this.scrub(`cannot connect to redis at ${this.where}: ${reason}`));
    }
    this.connected = true;
    const t = this.target;
    if (t.prefill > 0 && this.ctx.workerId === 0) {
      const length = this.ctx.scenario.keyLength;
      const client = this.clients[0];
      await prefillKeys(this.ctx, t.prefill, { noun: 'keys', where: this.where }, (i) => client.set(keyFor(i, length), this.values.next()));
    }
    this.ctx.log(
      'info',
      `connected to redis at ${this.where} (db ${t.db}, ${t.connections} connection(s), auto-pipelining ${t.autoPipelining ? 'on' : 'off'})`,
    );
  }

  run(op: string, key: string): Promise<unknown> {
    const client = this.clients[this.next];
    if (++this.next === this.clients.length) this.next = 0;
    if (op === 'get') {
      this.io.bytesOut += key.length;
      // Buffers skip a UTF-8 decode and give the exact byte count.
      return client.getBuffer(key);
    }
    if (op === 'set') {
      const value = this.values.next();
      this.io.bytesOut += key.length + value.length;
      return client.set(key, value);
    }
    if (op === RMW_OP) return this.readModifyWrite(client, key);
    return noOperation('redis', op);
  }

  /** GET then SET of the same key, one operation: the SET's answer is the outcome, the GET's bytes are counted as they come. */
  private readModifyWrite(client: Client, key: string): Promise<unknown> {
    this.io.bytesOut += key.length;
    return client.getBuffer(key).then((read) => {
      if (read) this.io.bytesIn += read.length;
      const value = this.values.next();
      this.io.bytesOut += key.length + value.length;
      return client.set(key, value);
    });
  }

  /** ioredis never times a command out here (see the options); the loop's watchdog does. */
  isTimeout(): boolean {
    return false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.clients.map(closeClient));
  }

  /**
   * A GET answers a Buffer or null (missing); a SET answers "OK". Told apart
   * by typeof, not Buffer.isBuffer: Node's global Buffer is a getter, and
   * reading it cost every answer a global lookup and a call (callgrind, about
   * 190 instructions an operation).
   */
  outcome(reply: unknown): Outcome {
    if (reply === null) return NOT_FOUND;
    if (typeof reply === 'object') this.io.bytesIn += (reply as Uint8Array).length;
    return OK;
  }

  private readonly onError = (err: unknown): void => {
    this.lastError = err;
    if (!this.connected || this.closed) return;
    const message = this.scrub(`redis at ${this.where}: ${describe(err)}`);
    if (message === this.lastLogged) return;
    this.lastLogged = message;
    this.ctx.log('warn', message);
  };

  private readonly onReady = (): void => {
    if (!this.connected || this.lastLogged === undefined) return;
    this.lastLogged = undefined;
    this.ctx.log('info', `reconnected to redis at ${this.where}`);
  };

  /** The password must never reach a log or an error, whatever a server or library echoes back. */
  private scrub(text: string): string {
    const pw = this.target.password;
    return pw ? text.split(pw).join(REDACTED) : text;
  }
}

/** A reason a user can act on; socket failures keep their errno code (ECONNREFUSED, ETIMEDOUT, ENOTFOUND). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (/WRONGPASS|invalid password/i.test(err.message)) return `authentication failed, check target.password (${err.message})`;
  if (/NOAUTH/.test(err.message)) return `the server requires a password, set target.password (${err.message})`;
  return err.message;
}

/**
 * A Cluster client with the same connection settings per node. Its own
 * offline queue stays off and its retries capped as for one server, so a
 * lost master fails commands (counted) instead of queueing them.
 */
function clusterClient(seed: { host: string; port: number }, options: RedisOptions): Cluster {
  const { host: _h, port: _p, retryStrategy, enableAutoPipelining, maxRetriesPerRequest, ...redisOptions } = options;
  return new (ioredis().Cluster)([seed], {
    lazyConnect: true,
    enableAutoPipelining,
    enableOfflineQueue: false,
    clusterRetryStrategy: retryStrategy,
    // Reading the slot map is part of connecting: it gets the connect timeout, not ioredis' 1 s, which a loaded
    // machine (a cluster's masters just started beside the load) can miss, failing the run at its start.
    slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
    redisOptions: { ...redisOptions, maxRetriesPerRequest },
  });
}

async function closeClient(client: Client): Promise<void> {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_GRACE_MS)));
    await Promise.race([client.quit().then(noop, noop), grace]);
    clearTimeout(timer);
  }
  // An ended client has no socket and no reconnect pending; disconnecting it again would only arm
  // ioredis's disconnect timer on a dead socket and hold the process open for its full length.
  if (client.status === 'end') return;
  // Also cancels any scheduled reconnect, so nothing keeps running after close().
  client.disconnect();
}

export const createDriver: DriverFactory = (ctx) => {
  const target = ctx.scenario.target;
  if (target.kind !== 'redis') throw new Error(`the redis driver cannot drive a ${target.kind} target`);
  return new RedisDriver(ctx, target);
};
