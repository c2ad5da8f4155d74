import { useState } from 'react';
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: unknown;
  onChange(value: unknown): void;
  /** Words accepted as they are, e.g. "whole" for a chunk size. */
  words?: readonly string[];
};

const toText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * Text typed into a number field: empty means "the default", a number is a
 * number, anything else is kept as typed so validation can name the problem.
 */
function parseNumeric(text: string, words: readonly string[] = []): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (words.includes(t)) return t;
  const n = Number(t);
  return Number.isFinite(n) ? n : text;
}

/** Keeps what the user typed ("1." or "-") while the draft holds the parsed value. */
export function NumericInput({ value, onChange, words, ...rest }: Props) {
  const [text, setText] = useState(toText(value));
  const [seen, setSeen] = useState<unknown>(value);
  if (!Object.is(seen, value)) {
    // Follow the draft only when it changed elsewhere (another scenario loaded); adjusted while rendering, as React advises.
    setSeen(value);
    if (!Object.is(parseNumeric(text, words), value)) setText(toText(value));
  }
  return (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseNumeric(e.target.value, words));
      }}
    />
  );
}
