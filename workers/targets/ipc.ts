import type { FromTarget } from '../../app/protocol/target';

/**
 * Send one message to main. A closed channel means main is gone and the
 * 'disconnect' handler is already ending this process, so the message is
 * dropped rather than thrown. `done` runs once the message is handed to the
 * OS, so a caller may exit right after without losing it.
 */
export function sendToMain(m: FromTarget, done?: () => void): void {
  if (!process.send || !process.connected) {
    done?.();
    return;
  }
  process.send(m, undefined, {}, () => done?.());
}

export function logToMain(level: 'info' | 'warn' | 'error', message: string): void {
  sendToMain({ type: 'log', data: { level, message } });
}
