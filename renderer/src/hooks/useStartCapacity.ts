import { useStartWith } from './useStartRun';

/** Start a capacity search of the edited scenario within the start bar's objective, each step run Repeat times. */
export const useStartCapacity = (): (() => Promise<void>) =>
  useStartWith((bridge, editor) =>
    bridge.startCapacity({
      scenario: editor.draft,
      slo: editor.plan.slo,
      repeat: editor.plan.repeat.trim() === '' ? 1 : Number(editor.plan.repeat),
    }),
  );
