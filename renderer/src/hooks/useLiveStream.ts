import { useEffect } from 'react';
import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';
import { pushEvent, type PushEvent } from '../store/types';
import { errorMessage } from '../../../app/error-message';

/**
 * Pushes are gathered for this long and applied as one store update: 8 workers
 * reporting each second, or a replay flood, cost one render per batch, not
 * one per message. Short enough that the charts still feel live.
 */
export const BATCH_MS = 50;

/**
 * The one owner of the push stream. It catches up with main's state whenever
 * the connection (re)opens, so a window opened mid-run or a socket that
 * dropped shows the whole run, then applies pushes in batches.
 */
export function useLiveStream(): void {
  const { bridge, connection } = useBridge();
  useEffect(() => {
    const store = useKv.getState;
    const queue: PushEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let catchingUp = false;
    let alive = true;

    const flush = (): void => {
      timer = undefined;
      if (catchingUp || queue.length === 0) return;
      store().applyPushes(queue.splice(0));
    };
    // While a snapshot is on its way, pushes wait for it: they are applied on top of it.
    const schedule = (): void => {
      if (timer === undefined && !catchingUp) timer = setTimeout(flush, BATCH_MS);
    };
    const catchUp = async (): Promise<void> => {
      catchingUp = true;
      try {
        const state = await bridge.getState({});
        if (alive) store().catchUp(state, queue.splice(0));
      } catch (err) {
        if (alive) store().noteError(`could not load the current run: ${errorMessage(err)}`);
      } finally {
        catchingUp = false;
        if (alive && queue.length > 0) schedule();
      }
    };

    const offPush = bridge.onPush((channel, data) => {
      queue.push(pushEvent(channel, data));
      schedule();
    });
    let last = connection.current();
    store().setConnection(last);
    const offConnection = connection.subscribe((state) => {
      store().setConnection(state);
      if (state === 'open' && last !== 'open') void catchUp();
      last = state;
    });
    if (last === 'open') void catchUp();

    return () => {
      alive = false;
      offPush();
      offConnection();
      clearTimeout(timer);
    };
  }, [bridge, connection]);
}
