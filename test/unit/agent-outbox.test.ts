import { describe, expect, it } from 'vitest';
import { RESEND_AFTER_MS } from '../../app/protocol/agent';
import { Outbox } from '../../main/agent/outbox';

const seqs = (sent: Uint8Array[]) => sent.map((b) => (JSON.parse(new TextDecoder().decode(b)) as { data: { seq: number } }).data.seq);

describe("an agent's outbox: at-most-once NATS made at-least-once, in order", () => {
  it('numbers packets, forgets what is acknowledged, and sends the rest again, in order, once the oldest waited too long', () => {
    let now = 0;
    const sent: Uint8Array[] = [];
    const box = new Outbox(
      (b) => sent.push(b),
      () => now,
    );
    for (let i = 0; i < 4; i++) box.send({ type: 'alive', data: {} });
    expect(seqs(sent)).toEqual([0, 1, 2, 3]);
    box.ack(2);
    expect(box.pending).toBe(2);
    now = RESEND_AFTER_MS - 1;
    expect(box.resendDue()).toBe(0);
    now = RESEND_AFTER_MS;
    expect(box.resendDue()).toBe(2);
    expect(seqs(sent)).toEqual([0, 1, 2, 3, 2, 3]);
    // Just resent: not again until another wait.
    expect(box.resendDue()).toBe(0);
    box.ack(4);
    expect(box.pending).toBe(0);
    now += 10 * RESEND_AFTER_MS;
    expect(box.resendDue()).toBe(0);
  });
});
