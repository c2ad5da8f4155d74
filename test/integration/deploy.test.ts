import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nkeys } from '@nats-io/nats-core';
import { SUBJECTS } from '../../app/protocol/agent';

const DEPLOY = join(__dirname, '..', '..', 'deploy');

describe('deploy/: the sample NATS config, the systemd unit and the Kubernetes manifest', () => {
  it("nats-server accepts the sample config once its placeholders are real nkeys, and it names kvscope's own subjects", () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvscope-deploy-'));
    try {
      const text = readFileSync(join(DEPLOY, 'nats-server.conf'), 'utf8').replace(/U[A-Z0-9_]+_REPLACE_ME/g, () =>
        nkeys.createUser().getPublicKey(),
      );
      const conf = join(dir, 'nats.conf');
      writeFileSync(conf, text);
      const r = spawnSync('nats-server', ['-c', conf, '-t'], { encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      // The permissions match the subjects the code uses, for an agent named loadbox1.
      const run = '00000000-0000-4000-8000-000000000000';
      const sub = (s: string) => s.replace(run, '*');
      for (const s of [SUBJECTS.heartbeat('loadbox1'), sub(SUBJECTS.from(run, 'loadbox1')), sub(SUBJECTS.clock(run))])
        expect(text).toContain(`"${s}"`);
      for (const s of [SUBJECTS.assign('loadbox1'), sub(SUBJECTS.control(run, 'loadbox1')), `${SUBJECTS.inbox('loadbox1')}.>`])
        expect(text).toContain(`"${s}"`);
      // No agent may read every reply: only the coordinator's entry names _INBOX.>.
      expect(text.match(/"_INBOX\.>"/g)).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the systemd unit and the manifest start `kvscope agent` with a seed file, never a secret on the command line', () => {
    const unit = readFileSync(join(DEPLOY, 'kvscope-agent.service'), 'utf8');
    expect(unit).toMatch(
      /^ExecStart=\/usr\/bin\/node \/opt\/kvscope\/bin\/kvscope\.js agent --nats \$\{NATS_URL\} --name \$\{AGENT_NAME\} --nkey /m,
    );
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    const k8s = readFileSync(join(DEPLOY, 'kubernetes.yaml'), 'utf8');
    expect(k8s).toContain("args: ['agent', '--nats', '$(NATS_URL)', '--name', '$(POD_NAME)', '--nkey', '/etc/kvscope/agent.nk']");
    expect(k8s).toMatch(/terminationGracePeriodSeconds: \d+/);
  });
});
