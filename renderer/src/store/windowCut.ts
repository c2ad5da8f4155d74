import type { StoreApi } from 'zustand';
import { inWindow, type ChartRows, type WindowRows } from '../chart-data/chartRows';
import { windowSeconds, type WindowId } from '../chart-data/windows';

/** The parts of the store the window cut is made of, and the cut itself. */
interface CutState {
  live: { rows: ChartRows };
  view: { window: WindowId };
  cut: WindowRows;
}

export const cutOf = (rows: ChartRows, win: WindowId): WindowRows => inWindow(rows, windowSeconds(win));

/**
 * A setState that keeps `cut` the window of the rows held. The three chart
 * panels draw the same window of the same rows each second, and one cut
 * (four slices, two sorted id lists) serves them all: it is made once, in the
 * update that brings new rows or a new window, and every panel reads the
 * same object. Rows never change in place, so the same array means the same
 * cut. Wrapping setState itself keeps the cut true for every update,
 * including a test's or a reset's direct setState. It is made even while no
 * chart is on screen: four slices and two short sorts a second cost less
 * than tracking who is looking.
 */
export function keepingCut<T extends CutState>(set: StoreApi<T>['setState'], get: () => T): StoreApi<T>['setState'] {
  return (partial: T | Partial<T> | ((state: T) => T | Partial<T>), replace?: boolean) => {
    const before = get();
    const next = typeof partial === 'function' ? partial(before) : partial;
    const rows = next.live?.rows ?? before.live.rows;
    const win = next.view?.window ?? before.view.window;
    const same = next === before || (rows === before.live.rows && win === before.view.window);
    const withCut = same ? next : { ...next, cut: cutOf(rows, win) };
    if (replace === true) set(withCut as T, true);
    else set(withCut);
  };
}
