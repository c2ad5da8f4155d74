import { createServer, type Server, type Socket } from 'node:net';
import { answerAdmin } from './admin';
import { batchRead } from './batch';
import type { TestCluster } from './cluster';
import { Counters } from './counters';
import { Latencies } from './latencies';
import { keyOf, singleRecord } from './records';
import { answerInfo } from './info';
import { parseMsg, writeMsg } from './message';
import { streamScan } from './scan';
import * as W from './wire';

/** What a node does with data commands: answer, never answer, or cut the connection. */
export type Fault = 'none' | 'stall' | 'drop';
const NOT_AUTHENTICATED = 80;
const NS_PER_US = 1000;

/** One node of the test cluster: a TCP server on 127.0.0.1 speaking the Aerospike protocol. */
export class TestNode {
  readonly counters = new Counters();
  readonly latencies = new Latencies();
  private ticker: NodeJS.Timeout | undefined;
  /** Info names this node was asked for and does not know (to find gaps against a new client). */
  readonly unknownInfo = new Set<string>();
  fault: Fault = 'none';
  port = 0;
  /** Quiesced (a real server's `quiesce:`): pending until the next recluster, then it gives up its partitions. */
  quiesce: 'no' | 'pending' | 'effective' = 'no';
  /** Until when (epoch ms) partitions still migrate into this node after it joined, and since when. */
  fill: { from: number; until: number } | undefined;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly cluster: TestCluster,
    readonly name: string,
  ) {}

  get up(): boolean {
    return this.server !== undefined;
  }

  get connections(): number {
    return this.sockets.size;
  }

  /** Listen (on the same port as before when restarted). */
  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((s) => this.accept(s));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    this.ticker = setInterval(() => this.latencies.dump(), this.cluster.tickerMs);
    this.ticker.unref();
  }

  /** Stop listening and cut every connection, as a node that crashed. Counters start again on restart. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.counters.reset();
    this.quiesce = 'no';
    this.fill = undefined;
    clearInterval(this.ticker);
    this.latencies.reset();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const reader = new W.FrameReader();
    let authenticated = this.cluster.users === undefined;
    let queue = Promise.resolve();
    socket.on('data', (chunk) => {
      let frames: W.Frame[];
      try {
        frames = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const f of frames) {
        queue = queue.then(() => this.handle(socket, f, authenticated, (ok) => (authenticated = ok))).catch(() => void socket.destroy());
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(socket: Socket, f: W.Frame, authenticated: boolean, setAuth: (ok: boolean) => void): Promise<void> {
    if (socket.destroyed) return;
    const send = (buf: Buffer): Promise<void> => write(socket, buf);
    if (f.type === W.TYPE_INFO) return send(W.frame(W.TYPE_INFO, answerInfo(this.cluster, this, f.body)));
    if (f.type === W.TYPE_ADMIN) {
      const a = answerAdmin(this.cluster.users, f.body);
      setAuth(a.authenticated);
      return send(a.reply);
    }
    if (f.type !== W.TYPE_MESSAGE) return void socket.destroy();
    if (this.fault === 'stall') return;
    if (this.fault === 'drop') return void socket.destroy();
    if (!authenticated) return send(W.frame(W.TYPE_MESSAGE, writeMsg({ resultCode: NOT_AUTHENTICATED, info3: W.INFO3_LAST })));
    const { msg } = parseMsg(f.body);
    const store = this.cluster.store;
    if (msg.info1 & W.INFO1_BATCH) return send(W.frame(W.TYPE_MESSAGE, Buffer.concat(batchRead(store, this.counters, msg))));
    if (!msg.fields.has(W.FIELD_DIGEST)) return streamScan(store, this.counters, msg, this.cluster.ownedBy(this), send);
    const started = process.hrtime.bigint();
    const reply = singleRecord(store, this.counters, msg);
    const key = keyOf(msg);
    // Timed as the server's read and write histograms time a transaction: from the parsed request to the answer.
    if (key && store.has(key.ns) && !(msg.info2 & W.INFO2_DELETE))
      this.latencies.record(key.ns, msg.info2 & W.INFO2_WRITE ? 'write' : 'read', Number(process.hrtime.bigint() - started) / NS_PER_US);
    return send(W.frame(W.TYPE_MESSAGE, writeMsg(reply)));
  }
}

/** Write, and when the socket's buffer is full wait until the client has read it. */
function write(socket: Socket, buf: Buffer): Promise<void> {
  if (socket.destroyed) return Promise.reject(new Error('socket closed'));
  if (socket.write(buf)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (): void => {
      socket.off('drain', done);
      socket.off('close', fail);
      resolve();
    };
    const fail = (): void => {
      socket.off('drain', done);
      reject(new Error('socket closed'));
    };
    socket.once('drain', done);
    socket.once('close', fail);
  });
}
