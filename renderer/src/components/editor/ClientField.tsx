import { useState } from 'react';
import { CLIENT_RANGES, missingClient, parseClientSpec, rangeText, type ClientPackage } from '../../../../app/scenario/client-version';
import { useClients } from '../../hooks/useClients';
import { FieldErrors } from './FieldRow';
import { InstallControls } from './InstallControls';

interface Props {
  pkg: ClientPackage;
  value: unknown;
  errors: readonly string[] | undefined;
  onChange(value: string | undefined): void;
}

/**
 * The client library version the workers load: the bundled one or one in
 * kvscope's cache (no free text reaches a run unless installed), and an
 * Install that fetches an exact version from the npm registry, with progress.
 */
export function ClientField({ pkg, value, errors, onChange }: Props) {
  const { clients, install, installClient } = useClients();
  const [want, setWant] = useState('');
  const current = typeof value === 'string' ? value : '';
  const mine = (clients ?? []).filter((c) => c.pkg === pkg);
  const bundled = mine.find((c) => c.bundled);
  const installed = mine.filter((c) => !c.bundled).map((c) => `${c.pkg}@${c.version}`);
  const known = current === '' || clients === null || installed.includes(current) || current === `${pkg}@${bundled?.version}`;
  const invalid = errors !== undefined && errors.length > 0;
  const busy = install?.busy === true;
  const wantSpec = `${pkg}@${want.trim()}`;
  const wantProblem = want.trim() === '' ? undefined : parseClientSpec(wantSpec, pkg);
  const wantOk = wantProblem !== undefined && typeof wantProblem !== 'string';
  // A version Start was refused for (this value, or one a sweep runs): offered for install in one click.
  const missing = errors?.map(missingClient).find((v) => v !== undefined);
  const go = async () => {
    if (!(await installClient(wantSpec))) return;
    onChange(wantSpec);
    setWant('');
  };
  return (
    <div className={['field', 'wide', invalid && 'invalid'].filter(Boolean).join(' ')}>
      <label htmlFor="f-client">Client version</label>
      <select
        id="f-client"
        data-testid="field-target.client"
        value={current}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'err-target.client' : undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">bundled{bundled ? ` (${pkg} ${bundled.version})` : ''}</option>
        {installed.map((spec) => (
          <option key={spec} value={spec}>
            {spec} (installed)
          </option>
        ))}
        {!known && <option value={current}>{current} (not installed)</option>}
      </select>
      <InstallControls
        inputLabel={`${pkg} version to install`}
        placeholder={CLIENT_RANGES[pkg].min}
        want={want}
        onWant={setWant}
        valid={wantOk}
        buttonText={`Install ${pkg}`}
        hint={
          typeof wantProblem === 'string'
            ? wantProblem
            : `supported: ${rangeText(pkg)}; Install fetches an exact version from the npm registry into kvscope’s cache`
        }
        install={install}
        onInstall={() => void go()}
        testIds={{
          input: 'install-client-version',
          button: 'install-client',
          progress: 'client-install-progress',
          error: 'client-install-error',
        }}
      />
      <FieldErrors path="target.client" errors={errors} />
      {missing && !busy && (
        <button type="button" data-testid="install-missing-client" onClick={() => void installClient(missing)}>
          Install {missing}
        </button>
      )}
    </div>
  );
}
