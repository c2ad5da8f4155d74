/**
 * Which Hazelcast clients and members can talk to each other, and which
 * member kvscope starts for a client. Hazelcast 3.x members and the clients
 * of their time (hazelcast-client 0.x and 3.x) speak the 3.x client protocol;
 * members from 4.0 on refuse it (their log says `Unknown protocol: CP2`), and
 * the 4.x and 5.x clients speak only the newer one, which 4.x and 5.x members
 * both take. The rule is the same for a client and a member version: major 3
 * and below is the old protocol.
 */
export type HazelcastProtocol = '3.x' | '4.x/5.x';

const OLD_PROTOCOL_BELOW_MAJOR = 4;

export const major = (version: string): number => Number(version.split('.')[0]);
const minor = (version: string): number => Number(version.split('.')[1]);

/** The client protocol a hazelcast-client version or a Hazelcast member version speaks. */
export const hazelcastProtocol = (version: string): HazelcastProtocol => (major(version) < OLD_PROTOCOL_BELOW_MAJOR ? '3.x' : '4.x/5.x');

/**
 * The member of each client generation's own time (the last release of its
 * line on Maven Central): 3.12.13 for the 0.10 and 3.x clients, 4.0.3 for
 * 4.0, 4.2.8 for 4.1 and 4.2, 5.7.0 for 5.x.
 */
const MEMBER_OF_ERA: readonly { clientBelow?: string; member: string }[] = [
  { clientBelow: '4.0', member: '3.12.13' },
  { clientBelow: '4.1', member: '4.0.3' },
  { clientBelow: '5.0', member: '4.2.8' },
  { member: '5.7.0' },
];

/** Every member version kvscope may start for a local cluster (CI fetches each). */
export const LOCAL_MEMBER_VERSIONS = MEMBER_OF_ERA.map((e) => e.member);

const before = (version: string, majorMinor: string): boolean => {
  const [M, m] = majorMinor.split('.').map(Number);
  return major(version) < M || (major(version) === M && minor(version) < m);
};

/** The Hazelcast member version a local cluster runs for this hazelcast-client version (target.jar unset). */
export function memberVersionFor(clientVersion: string): string {
  return MEMBER_OF_ERA.find((e) => e.clientBelow === undefined || before(clientVersion, e.clientBelow))!.member;
}

/**
 * Why this client cannot use that member (their protocols differ), naming
 * both versions and the member kvscope would start for the client; undefined
 * when they speak the same protocol.
 */
export function memberMismatch(clientVersion: string, memberVersion: string, jar: string): string | undefined {
  const client = hazelcastProtocol(clientVersion);
  const member = hazelcastProtocol(memberVersion);
  if (client === member) return undefined;
  return (
    `hazelcast-client@${clientVersion} speaks the Hazelcast ${client} client protocol, and the member jar ${jar} is Hazelcast ${memberVersion}, ` +
    `which takes only the ${member} one: name a jar of Hazelcast ${client === '3.x' ? '3.x' : '4.0 or later'}, or leave target.jar unset ` +
    `and kvscope starts Hazelcast ${memberVersionFor(clientVersion)} for this client`
  );
}

/** What a client that could not connect is told of the protocol it speaks, for members kvscope did not start. */
export const protocolHint = (clientVersion: string): string =>
  hazelcastProtocol(clientVersion) === '3.x'
    ? `hazelcast-client@${clientVersion} speaks the Hazelcast 3.x client protocol, which members of 4.0 and later refuse (their log says "Unknown protocol: CP2")`
    : `hazelcast-client@${clientVersion} speaks the Hazelcast 4.x/5.x client protocol, which 3.x members refuse`;
