import { describe, expect, it } from 'vitest';
import { rowsTimeDomain, timeDomain, timeStep, valueTicks } from '../../renderer/src/charts/axes';
import { drawSeries, type Drawable, type Pen } from '../../renderer/src/charts/draw';
import { nearestRow } from '../../renderer/src/charts/hover';
import { niceCeil, seriesPoints, valueTop } from '../../renderer/src/charts/paths';
import { CLUSTER_THROUGHPUT, LATENCY } from '../../renderer/src/charts/spec';
import { timeScale } from '../../renderer/src/charts/timeScale';
import { valueAxis } from '../../renderer/src/charts/valueAxis';
import type { Row } from '../../renderer/src/chart-data/row';
import { clockLabel } from '../../renderer/src/chart-data/timeFrame';

const identity = (v: number) => v;

describe('value axis', () => {
  it('rounds the top up to the lowest whole number (3 to 6) of round steps, not to the next power of ten', () => {
    expect([0, 0.7, 1, 1.01, 3, 24_000, 25_001, 41_000, 60_000, 600, 601].map(niceCeil)).toEqual([
      1, 0.75, 1, 1.2, 3, 25_000, 30_000, 50_000, 60_000, 600, 750,
    ]);
  });

  it('puts four or five round steps under the top', () => {
    expect(valueTicks(50_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(valueTicks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(valueTicks(2.5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    // A latency axis topping at 600 ms is labelled 600, not rounded to 1k.
    expect(valueTicks(600)).toEqual([0, 100, 200, 300, 400, 500, 600]);
    expect(valueTicks(750)).toEqual([0, 250, 500, 750]);
    expect(valueTicks(1.2)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2]);
    // Every nice top gets ticks that end exactly on it.
    for (let v = 0.013; v < 1e7; v *= 1.37) expect(valueTicks(niceCeil(v)).at(-1)).toBe(niceCeil(v));
  });

  it('tops stacked areas at the highest total and lines at the highest single value', () => {
    const rows: Row[] = [
      { t: 0, readsOk: 30, readsFailed: 0, writesOk: 12, writesFailed: 0 },
      { t: 1, readsOk: 20, readsFailed: 0, writesOk: 10, writesFailed: 0 },
    ];
    expect(valueTop(CLUSTER_THROUGHPUT, rows)).toBe(50);
    expect(valueTop(LATENCY, [{ t: 0, p50: 1, p95: 2, p99: 3, max: 180 }])).toBe(200);
  });
});

describe('time axis', () => {
  it('steps in clock-friendly units with about six ticks', () => {
    expect(timeStep(10)).toBe(2);
    expect(timeStep(299)).toBe(60);
    expect(timeStep(3599)).toBe(600);
  });

  it('keeps a window its width while a short run fills it, with the newest second at the right edge', () => {
    for (let last = 0; last <= 30; last++) {
      const { x } = timeDomain(0, last, { width: 300 });
      expect(x).toEqual([last - 300, last]);
    }
    // Once full it slides by one second each second, never by a step.
    expect(timeDomain(3301, 3600, { width: 300 }).x).toEqual([3300, 3600]);
    expect(timeDomain(3302, 3601, { width: 300 }).x).toEqual([3301, 3601]);
    expect(timeDomain(3300, 3599, { width: 300 }).ticks).toEqual([3300, 3360, 3420, 3480, 3540]);
  });

  it('spans the whole run exactly from its first to its last second', () => {
    expect(timeDomain(0, 22).x).toEqual([0, 22]);
    expect(timeDomain(3, 3).x).toEqual([3, 4]);
    for (let last = 1; last < 5000; last += 7) {
      const { x, ticks } = timeDomain(0, last);
      expect(x).toEqual([0, last]);
      expect(ticks.every((t) => t >= 0 && t <= last)).toBe(true);
    }
  });

  it('puts ticks on round clock times when the clock of second 0 is known', () => {
    const clock0 = Date.UTC(2026, 10, 23, 12, 0, 7, 250);
    const { ticks } = timeDomain(0, 250, { width: 300, clock0 });
    expect(ticks.length).toBeGreaterThan(3);
    for (const t of ticks) expect(((clock0 / 1000 + t) % 60) % 60).toBeCloseTo(0, 6);
    expect(clockLabel(clock0, ticks[0]).endsWith(':00')).toBe(true);
    // A clock from a hostile run file cannot break the chart: the label falls back to elapsed time.
    expect(clockLabel(1e300, 65)).toBe('1:05');
  });

  it('maps seconds to pixels across the plot and back', () => {
    const scale = timeScale([3300, 3600], 600);
    expect([3300, 3450, 3600].map(scale.x)).toEqual([0, 300, 600]);
    expect(scale.t(300)).toBe(3450);
    expect(timeScale([5, 5], 100).t(40)).toBe(5);
  });

  it('gives an empty chart a usable frame', () => {
    const { x } = rowsTimeDomain([]);
    expect(x[1]).toBeGreaterThan(x[0]);
    expect(valueAxis(CLUSTER_THROUGHPUT, []).domain).toEqual([0, 1]);
  });
});

describe('series points', () => {
  it('stacks areas on the series before them', () => {
    const rows: Row[] = [
      { t: 0, readsOk: 5, readsFailed: 1, writesOk: 2, writesFailed: 0 },
      { t: 1, readsOk: 6, readsFailed: 0, writesOk: 3, writesFailed: 1 },
    ];
    const [reads, failed, writes, wFailed] = seriesPoints(CLUSTER_THROUGHPUT, rows, identity, identity);
    expect([...reads.tops]).toEqual([5, 6]);
    expect([...reads.bottoms!]).toEqual([0, 0]);
    expect([...failed.tops]).toEqual([6, 6]);
    expect([...writes.bottoms!]).toEqual([6, 6]);
    expect([...writes.tops]).toEqual([8, 9]);
    expect([...wFailed.tops]).toEqual([8, 10]);
    expect([...wFailed.values]).toEqual([0, 1]);
  });

  it('skips rows without the series, so a late node starts where it joined', () => {
    const spec = { ...LATENCY, series: LATENCY.series.slice(0, 1) };
    const [p50] = seriesPoints(
      spec,
      [{ t: 0 }, { t: 1, p50: 4 }, { t: 2, p50: 5 }],
      (t) => t * 10,
      (v) => 100 - v,
    );
    expect([...p50.xs]).toEqual([10, 20]);
    expect([...p50.tops]).toEqual([96, 95]);
    expect(p50.bottoms).toBeUndefined();
  });
});

/** Records what would be drawn: the polylines stroked (with dash) and the polygons filled. */
function recorder() {
  const strokes: { color: string; dash: number[]; parts: [number, number][][] }[] = [];
  const fills: { color: string; alpha: number; points: [number, number][] }[] = [];
  let parts: [number, number][][] = [];
  let dash: number[] = [];
  const pen: Pen = {
    beginPath: () => void (parts = []),
    moveTo: (x, y) => void parts.push([[x, y]]),
    lineTo: (x, y) => void parts[parts.length - 1].push([x, y]),
    closePath: () => undefined,
    arc: (x, y) => void parts.push([[x, y]]),
    fill: () => void fills.push({ color: String(pen.fillStyle), alpha: pen.globalAlpha, points: parts.flat() }),
    stroke: () => void strokes.push({ color: String(pen.strokeStyle), dash, parts }),
    setLineDash: (d) => void (dash = d),
    clearRect: () => undefined,
    strokeStyle: '',
    fillStyle: '',
    globalAlpha: 1,
    lineWidth: 1,
  };
  return { pen, strokes, fills };
}

describe('canvas drawing', () => {
  it('fills areas down to their base and strokes the top edge', () => {
    const rows: Row[] = [
      { t: 0, readsOk: 5, readsFailed: 0, writesOk: 2, writesFailed: 0 },
      { t: 1, readsOk: 6, readsFailed: 0, writesOk: 3, writesFailed: 0 },
    ];
    const pts = seriesPoints(CLUSTER_THROUGHPUT, rows, identity, identity);
    const series: Drawable[] = pts.map((p, i) => ({ spec: CLUSTER_THROUGHPUT.series[i], points: p, edge: 'nonzero' }));
    const { pen, strokes, fills } = recorder();
    drawSeries(pen, series, 100, 100);
    expect(fills[0]).toMatchObject({
      color: CLUSTER_THROUGHPUT.series[0].color,
      points: [
        [0, 5],
        [1, 6],
        [1, 0],
        [0, 0],
      ],
    });
    // Zero throughout: filled flat, no edge (it would trace the reads' edge and look like failures).
    expect(strokes.map((s) => s.color)).toEqual([CLUSTER_THROUGHPUT.series[0].color, CLUSTER_THROUGHPUT.series[2].color]);
    expect(strokes[1].parts).toEqual([
      [
        [0, 7],
        [1, 9],
      ],
    ]);
  });

  it('draws a stacked edge only where the series has a value, a line everywhere and dashed as specified', () => {
    const spec = { ...CLUSTER_THROUGHPUT, series: CLUSTER_THROUGHPUT.series.slice(0, 2) };
    const rows: Row[] = [0, 1, 2, 3, 4].map((t) => ({ t, readsOk: 10, readsFailed: t === 2 ? 3 : 0 }));
    const pts = seriesPoints(spec, rows, identity, identity);
    const { pen, strokes } = recorder();
    drawSeries(pen, [{ spec: spec.series[1], points: pts[1], edge: 'nonzero' }], 10, 10);
    expect(strokes[0].parts).toEqual([
      [
        [1, 10],
        [2, 13],
        [3, 10],
      ],
    ]);
    const line = recorder();
    drawSeries(line.pen, [{ spec: { ...spec.series[1], stroke: 'dashed' }, points: pts[1], edge: 'all' }], 10, 10);
    expect(line.strokes[0].parts[0]).toHaveLength(5);
    expect(line.strokes[0].dash.length).toBeGreaterThan(0);
  });
});

describe('a single second', () => {
  it('is drawn as a dot, since it has no line', () => {
    const spec = { ...LATENCY, series: LATENCY.series.slice(0, 1) };
    const [p50] = seriesPoints(spec, [{ t: 1, p50: 4 }], identity, identity);
    const { pen, strokes, fills } = recorder();
    drawSeries(pen, [{ spec: spec.series[0], points: p50, edge: 'all' }], 10, 10);
    expect(strokes).toEqual([]);
    expect(fills).toEqual([{ color: spec.series[0].color, alpha: 1, points: [[1, 4]] }]);
  });
});

describe('hover', () => {
  it('finds the row drawn nearest a second', () => {
    const rows: Row[] = [{ t: 10 }, { t: 20 }, { t: 30 }];
    expect([0, 14, 16, 25.5, 99].map((t) => nearestRow(rows, t)?.t)).toEqual([10, 10, 20, 30, 30]);
    expect(nearestRow([], 5)).toBeUndefined();
  });
});

describe('chart specs a reader can tell apart', () => {
  it('draws max dashed and in another colour than p99, so neither hides the other', () => {
    const byKey = Object.fromEntries(LATENCY.series.map((s) => [s.key, s]));
    expect(byKey.max.stroke).toBe('dashed');
    expect(byKey.p99.stroke ?? 'solid').toBe('solid');
    expect(byKey.max.color).not.toBe(byKey.p99.color);
  });
});
