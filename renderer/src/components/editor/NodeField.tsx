import { useState } from 'react';
import { isVersionSpec, missingNodeVersion, SYSTEM_NODE } from '../../../../app/scenario/node-version';
import { useRuntimes } from '../../hooks/useRuntimes';
import { FieldErrors } from './FieldRow';
import { InstallControls } from './InstallControls';

interface Props {
  value: unknown;
  errors: readonly string[] | undefined;
  onChange(value: string): void;
}

/**
 * The workers' Node: one of the runtimes main knows (no free path: what may
 * run is decided by the user's own install or `kvscope runtimes add`), and an
 * Install that fetches a Node version into kvscope's cache, with progress.
 */
export function NodeField({ value, errors, onChange }: Props) {
  const { options, install, installVersion } = useRuntimes();
  const [want, setWant] = useState('');
  const current = value === undefined || value === null || value === '' ? SYSTEM_NODE : String(value);
  const list = options ?? [];
  const known = options === null || list.some((o) => o.value === current);
  const invalid = errors !== undefined && errors.length > 0;
  const busy = install?.busy === true;
  const wantOk = isVersionSpec(want.trim());
  // A version Start was refused for (this value, or one a sweep of node runs on): offered for install in one click.
  const missing = errors?.map(missingNodeVersion).find((v) => v !== undefined);
  const go = async () => {
    const version = want.trim();
    const installed = await installVersion(version);
    if (installed === null) return;
    // The select offers majors (their newest runs) and exact versions: a major.minor asked for is run as installed.
    onChange(version.split('.').length === 2 ? installed : version);
    setWant('');
  };
  return (
    <div className={['field', 'wide', invalid && 'invalid'].filter(Boolean).join(' ')}>
      <label htmlFor="f-node">Node runtime</label>
      <select
        id="f-node"
        data-testid="field-node"
        value={current}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'err-node' : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {!known && <option value={current}>{current} (not installed)</option>}
      </select>
      <InstallControls
        inputLabel="Node version to install"
        placeholder="22"
        want={want}
        onWant={setWant}
        valid={wantOk}
        buttonText="Install Node"
        hint={
          want.trim() !== '' && !wantOk
            ? 'a Node version: 22, 22.11 or 22.11.0'
            : 'system is the node on PATH; Install fetches a Node version from the npm registry into kvscope’s cache'
        }
        install={install && { ...install, what: `Node ${install.what}` }}
        onInstall={() => void go()}
        testIds={{ input: 'install-node-version', button: 'install-node', progress: 'install-progress', error: 'install-error' }}
      />
      <FieldErrors path="node" errors={errors} />
      {missing && !busy && (
        <button type="button" data-testid="install-missing-node" onClick={() => void installVersion(missing)}>
          Install Node {missing}
        </button>
      )}
    </div>
  );
}
