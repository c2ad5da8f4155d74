import type { InstallState } from '../../hooks/useInstall';

interface Props {
  /** What the input asks for, e.g. "Node version to install". */
  inputLabel: string;
  placeholder: string;
  want: string;
  onWant(text: string): void;
  /** Whether `want` names something installable. */
  valid: boolean;
  buttonText: string;
  /** The hint under the input: why `want` is not installable, or what Install does. */
  hint: string;
  install: InstallState | null;
  onInstall(): void;
  testIds: { input: string; button: string; progress: string; error: string };
}

/** A field's Install: the version to fetch, the button, and the progress or failure of the install under way. */
export function InstallControls(p: Props) {
  const busy = p.install?.busy === true;
  const install = p.install;
  return (
    <>
      <div className="install-runtime">
        <input
          aria-label={p.inputLabel}
          data-testid={p.testIds.input}
          placeholder={p.placeholder}
          value={p.want}
          disabled={busy}
          onChange={(e) => p.onWant(e.target.value)}
        />
        <button type="button" data-testid={p.testIds.button} disabled={busy || !p.valid} onClick={p.onInstall}>
          {busy ? 'Installing…' : p.buttonText}
        </button>
      </div>
      <small className="hint">{p.hint}</small>
      {install && (install.busy || install.lines.length > 0) && !install.error && (
        <small className="hint" role="status" data-testid={p.testIds.progress}>
          {install.busy ? (install.lines.at(-1) ?? `installing ${install.what}…`) : `${install.what} installed`}
        </small>
      )}
      {install?.error && (
        <small className="field-error" role="alert" data-testid={p.testIds.error}>
          {install.what} was not installed: {install.error}
        </small>
      )}
    </>
  );
}
