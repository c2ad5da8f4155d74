import { RESEND_AFTER_MS, type FromAgent, type Packet } from '../../app/protocol/agent';
import { encodeJson } from '../nats/connect';

/**
 * What an agent has sent about a run and the coordinator has not yet
 * acknowledged. NATS delivers at most once: a packet in flight when the
 * server restarts is gone. Each packet is numbered; the coordinator takes
 * them only in order and says which it expects next; whatever it has not
 * acknowledged RESEND_AFTER_MS after sending is sent again, with all that
 * follow. Bounded in time: an agent whose coordinator is silent ends the run.
 */
export class Outbox {
  private next = 0;
  private readonly unacked: { seq: number; bytes: Uint8Array; sentAt: number }[] = [];

  constructor(
    private readonly publish: (bytes: Uint8Array) => void,
    private readonly now: () => number = Date.now,
  ) {}

  send(message: FromAgent): void {
    const packet: Packet = { type: 'packet', data: { seq: this.next++, message } };
    const entry = { seq: packet.data.seq, bytes: encodeJson(packet), sentAt: this.now() };
    this.unacked.push(entry);
    this.publish(entry.bytes);
  }

  /** The coordinator has every packet before `next`. */
  ack(next: number): void {
    while (this.unacked.length > 0 && this.unacked[0].seq < next) this.unacked.shift();
  }

  /** Send again, in order, every packet not acknowledged once the oldest has waited too long; returns how many. */
  resendDue(): number {
    const oldest = this.unacked[0];
    const now = this.now();
    if (!oldest || now - oldest.sentAt < RESEND_AFTER_MS) return 0;
    for (const e of this.unacked) {
      e.sentAt = now;
      this.publish(e.bytes);
    }
    return this.unacked.length;
  }

  get pending(): number {
    return this.unacked.length;
  }
}
