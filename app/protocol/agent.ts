import { z } from 'zod';
import { msg } from './envelope';
import { LogSchema } from './worker';

/**
 * kvscope agents and their coordinator over NATS: the subjects and the
 * messages on each, declared once. Every message is a `{type, data}`
 * envelope encoded as JSON, validated where it arrives; a worker's own
 * messages travel inside as they are (validated again by the coordinator,
 * as main validates a local worker's).
 */

/** An agent's name: one NATS subject token (no dots, no wildcards, no spaces). */
export const AGENT_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const agentNameSchema = z.string().regex(AGENT_NAME, 'letters, digits, - and _ only (1-64)');

/** A run's id, as a subject token. */
const runIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'a run id');

/** Every subject kvscope uses starts with this: NATS permissions are written against it (deploy/nats-server.conf). */
export const SUBJECT_ROOT = 'kvscope';

export const SUBJECTS = {
  /** agent -> coordinators: who is up, every AGENT_HEARTBEAT_MS, on its own subject (its NATS user may publish no other's). */
  heartbeat: (agent: string) => `${SUBJECT_ROOT}.agents.heartbeat.${agent}`,
  /** Every agent's heartbeat, as coordinators listen; one whose name is not its subject's is ignored. */
  heartbeats: `${SUBJECT_ROOT}.agents.heartbeat.*`,
  /** The start of an agent's reply subjects (its NATS client's inboxPrefix): its NATS user alone may read them. */
  inbox: (agent: string) => `_INBOX.${SUBJECT_ROOT}.agent.${agent}`,
  /** coordinator -> one agent, request/reply: take part in a run. */
  assign: (agent: string) => `${SUBJECT_ROOT}.agent.${agent}.assign`,
  /** coordinator -> one agent of a run: go, stop, alive. */
  control: (runId: string, agent: string) => `${SUBJECT_ROOT}.run.${runId}.control.${agent}`,
  /** agent -> coordinator, request/reply: the coordinator's clock, for the agent's offset. */
  clock: (runId: string) => `${SUBJECT_ROOT}.run.${runId}.clock`,
  /** agent -> coordinator: its workers' messages and its own. */
  from: (runId: string, agent: string) => `${SUBJECT_ROOT}.run.${runId}.from.${agent}`,
} as const;

export const HeartbeatSchema = z.object({
  name: agentNameSchema,
  host: z.string().max(255),
  cores: z.number().int().positive(),
  memoryBytes: z.number().nonnegative(),
  node: z.string().max(64),
  kvscope: z.string().max(64),
  /** The run it is in, if any: a busy agent takes no other. */
  runId: runIdSchema.optional(),
});
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

export const AssignSchema = z.object({
  runId: runIdSchema,
  /** The scenario as the coordinator admitted it; the agent validates and admits it again by its own rules. */
  scenario: z.unknown(),
  /** Its workers' ids in the run: firstWorker .. firstWorker + workers - 1, of `of` in all. */
  firstWorker: z.number().int().nonnegative(),
  workers: z.number().int().positive(),
  of: z.number().int().positive(),
});
export type Assign = z.infer<typeof AssignSchema>;

export const AssignReplySchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]);
export type AssignReply = z.infer<typeof AssignReplySchema>;

/** coordinator -> agents of a run. */
export const ToAgentSchema = z.discriminatedUnion('type', [
  /** Second 0 at epoch ms t0 of the coordinator's clock; the agent shifts it by its measured offset. */
  msg('go', z.object({ t0: z.number() })),
  msg('stop', z.object({})),
  /**
   * The coordinator is there (an agent that hears nothing for
   * AGENT_COORDINATOR_TIMEOUT_MS stops its workers), and the next packet
   * number it expects: the agent resends every packet from there that is
   * not acknowledged in time (go-back-N), so a tick lost to a NATS restart
   * arrives late rather than never.
   */
  msg('alive', z.object({ ack: z.number().int().nonnegative() })),
]);
export type ToAgent = z.infer<typeof ToAgentSchema>;

/** agent -> coordinator, about one run. */
export const FromAgentSchema = z.discriminatedUnion('type', [
  /** One of its workers' messages, as the worker sent it. */
  msg('worker', z.object({ id: z.number().int().nonnegative(), message: z.unknown() })),
  /** That worker ended unasked before its last tick. */
  msg('died', z.object({ id: z.number().int().nonnegative(), description: z.string() })),
  /** That worker's process has exited. */
  msg('gone', z.object({ id: z.number().int().nonnegative() })),
  /** Its clock minus the coordinator's (ms), from the request with the smallest round trip. */
  msg('clock', z.object({ offsetMs: z.number(), rttMs: z.number().nonnegative() })),
  msg('log', LogSchema),
  /** The agent is there; a coordinator that hears nothing for AGENT_LOST_MS counts its workers as lost. */
  msg('alive', z.object({})),
]);
export type FromAgent = z.infer<typeof FromAgentSchema>;

/** agent -> coordinator: one FromAgent message, numbered from 0 per run, taken only in order. */
export const PacketSchema = msg('packet', z.object({ seq: z.number().int().nonnegative(), message: z.unknown() }));
export type Packet = z.infer<typeof PacketSchema>;

/** Packets not acknowledged this long after they were sent are sent again (with all that follow). */
export const RESEND_AFTER_MS = 2_000;

/** The coordinator's answer to a clock request: its epoch ms when it answered. */
export const ClockReplySchema = z.object({ now: z.number() });

/** Agents say they are up this often. */
export const AGENT_HEARTBEAT_MS = 1_000;
/** An agent not heard from for this long is shown as lost, and, in a run, its workers count as lost. */
export const AGENT_LOST_MS = 5_000;
/** An agent whose coordinator is silent for this long stops the run's workers (the coordinator is gone). */
export const AGENT_COORDINATOR_TIMEOUT_MS = 10_000;
/** The coordinator says it is there this often during a run; the agent likewise. */
export const RUN_ALIVE_MS = 1_000;
/** Clock requests per measurement: the one with the smallest round trip gives the offset. */
export const CLOCK_SAMPLES = 8;
