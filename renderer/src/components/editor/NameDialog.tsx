import { useEffect, useRef, useState } from 'react';

interface Props {
  title: string;
  initial: string;
  action: string;
  /** Resolves to an error to show, or null when done. */
  onSubmit(name: string): Promise<string | null>;
  onCancel(): void;
}

/**
 * A name asked for inline (Electron has no window.prompt). Enter submits this,
 * never the editor's form around it (which would start a run); Escape cancels.
 */
export function NameDialog({ title, initial, action, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const submit = async () => {
    setBusy(true);
    const e = await onSubmit(name.trim());
    setBusy(false);
    setError(e);
  };
  return (
    <div className="name-dialog" role="group" aria-label={title} data-testid="name-dialog">
      <label htmlFor="f-save-name">{title}</label>
      <input
        id="f-save-name"
        ref={input}
        value={name}
        aria-invalid={error !== null}
        aria-describedby={error ? 'err-save-name' : undefined}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
        data-testid="save-name"
      />
      <button type="button" className="primary" disabled={busy} onClick={() => void submit()} data-testid="save-confirm">
        {action}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <span id="err-save-name" className="bad" role="alert" data-testid="save-error">
          {error}
        </span>
      )}
    </div>
  );
}
