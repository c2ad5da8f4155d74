import { spawnSync } from 'node:child_process';

/**
 * Network namespaces for the agent tests: one bridge on this machine holding
 * `hostAddress`, and per name a namespace joined to it by a veth pair with an
 * address of its own, so a process started there reaches this machine's
 * servers only over that pair, as an agent on another box would. Needs root
 * (CAP_NET_ADMIN) and iproute2; `tryNetns` says why when they are missing.
 */
export interface Netns {
  /** This machine's end: servers the namespaces must reach bind here too. */
  hostAddress: string;
  /** The namespace's own address. */
  address(name: string): string;
  /** The command prefix that runs a program inside the namespace. */
  exec(name: string): string[];
  /** Removes the namespaces, the veth pairs and the bridge; safe to call twice. */
  cleanup(): void;
}

/** Linux interface names hold at most 15 characters; a short per-process tag keeps parallel test files apart. */
const TAG = `kv${process.pid % 100_000}`;
/** A private /24 picked per process, unlikely to be in use on a test machine. */
const SUBNET = `10.213.${process.pid % 250}`;

function ip(args: string[]): string | undefined {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.error) return `ip ${args.join(' ')}: ${r.error.message}`;
  return r.status === 0 ? undefined : `ip ${args.join(' ')}: ${r.stderr.trim()}`;
}

/** The namespaces made, or why they could not be (no root, no iproute2, no bridge support). */
export function tryNetns(names: readonly string[]): Netns | string {
  const bridge = `${TAG}br`;
  const nsName = (i: number) => `kvscope-${process.pid}-${i}`;
  const made: string[] = [];
  const cleanup = () => {
    for (const [i] of names.entries()) ip(['link', 'del', `${TAG}h${i}`]);
    for (const ns of made) ip(['netns', 'del', ns]);
    made.length = 0;
    ip(['link', 'del', bridge]);
  };
  const steps: string[][] = [
    ['link', 'add', bridge, 'type', 'bridge'],
    ['addr', 'add', `${SUBNET}.1/24`, 'dev', bridge],
    ['link', 'set', bridge, 'up'],
  ];
  for (const [i] of names.entries()) {
    const ns = nsName(i);
    const [host, inner] = [`${TAG}h${i}`, `${TAG}n${i}`];
    steps.push(
      ['netns', 'add', ns],
      ['link', 'add', host, 'type', 'veth', 'peer', 'name', inner],
      ['link', 'set', inner, 'netns', ns],
      ['link', 'set', host, 'master', bridge],
      ['link', 'set', host, 'up'],
      ['-n', ns, 'addr', 'add', `${SUBNET}.${i + 2}/24`, 'dev', inner],
      ['-n', ns, 'link', 'set', inner, 'up'],
      ['-n', ns, 'link', 'set', 'lo', 'up'],
    );
  }
  for (const step of steps) {
    if (step[0] === 'netns') made.push(step[2]);
    const failed = ip(step);
    if (failed) {
      cleanup();
      return failed;
    }
  }
  const index = (name: string) => {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`no namespace for ${name}`);
    return i;
  };
  return {
    hostAddress: `${SUBNET}.1`,
    address: (name) => `${SUBNET}.${index(name) + 2}`,
    exec: (name) => ['ip', 'netns', 'exec', nsName(index(name))],
    cleanup,
  };
}
