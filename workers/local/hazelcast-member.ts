import { major } from '../../app/scenario/hazelcast-generation';

/** Every member binds this address only, and kvscope's clients reach it there. */
export const HOST = '127.0.0.1';
/** The member's entry point from 4.0 on; 3.x has only the older name. */
const MEMBER_MAIN = 'com.hazelcast.core.server.HazelcastMemberStarter';
const MEMBER_MAIN_3 = 'com.hazelcast.core.server.StartServer';
/**
 * The access to Java's internals every member generation asks for on Java 9
 * and later ("Hazelcast is starting in a Java modular environment ... without
 * proper access", listing these), for its best performance; without them it
 * runs anyway, slower, so each member gets them, whatever its version.
 */
const JAVA_ACCESS = [
  '--add-modules',
  'java.se',
  '--add-exports',
  'java.base/jdk.internal.ref=ALL-UNNAMED',
  ...[
    'java.base/java.lang',
    'java.base/java.nio',
    'java.base/sun.nio.ch',
    'java.management/sun.management',
    'jdk.management/com.sun.management.internal',
  ].flatMap((p) => ['--add-opens', `${p}=ALL-UNNAMED`]),
];

/** Text for an XML element: the cluster name comes from the scenario and must stay text, not markup. */
function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** 3.x names the cluster by its group; 4.0 has no auto-detection element (4.1 added it, on by default), whose schema refuses it. */
const is3 = (version: string): boolean => major(version) < 4;
const hasAutoDetection = (version: string): boolean => !is3(version) && !version.startsWith('4.0.');

/** A member of this Hazelcast version bound to 127.0.0.1 only, joining the others by TCP/IP (no multicast). */
export function memberConfig(clusterName: string, port: number, ports: number[], version: string): string {
  const members = ports.map((p) => `<member>${HOST}:${p}</member>`).join('');
  const name = is3(version)
    ? `<group><name>${xmlText(clusterName)}</name></group>`
    : `<cluster-name>${xmlText(clusterName)}</cluster-name>`;
  const autoDetection = hasAutoDetection(version) ? '\n      <auto-detection enabled="false"/>' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<hazelcast xmlns="http://www.hazelcast.com/schema/config">
  ${name}
  <properties>
    <property name="hazelcast.socket.bind.any">false</property>
    <property name="hazelcast.phone.home.enabled">false</property>
    <property name="hazelcast.jmx">true</property>
  </properties>
  <network>
    <port auto-increment="false">${port}</port>
    <interfaces enabled="true"><interface>${HOST}</interface></interfaces>
    <join>${autoDetection}
      <multicast enabled="false"/>
      <tcp-ip enabled="true"><member-list>${members}</member-list></tcp-ip>
    </join>
  </network>
</hazelcast>
`;
}

interface MemberLaunch {
  /** The member's Java heap (-Xmx), MiB: its share of the map's entries and backups lives there. */
  heapMb: number;
  /** The member's XML config file. */
  config: string;
  jar: string;
  /** The jar's Hazelcast version: its entry point depends on it. */
  version: string;
  /** `-javaagent:...` of the JMX exporter, when the members have one. */
  agent?: string;
}

/** java's arguments for one member. */
export function memberArgs(m: MemberLaunch): string[] {
  return [
    `-Xmx${m.heapMb}m`,
    ...JAVA_ACCESS,
    ...(m.agent ? [m.agent] : []),
    `-Dhazelcast.config=${m.config}`,
    '-cp',
    m.jar,
    is3(m.version) ? MEMBER_MAIN_3 : MEMBER_MAIN,
  ];
}
