/** Every member binds this address only, and kvscope's clients reach it there. */
export const HOST = '127.0.0.1';
const MEMBER_MAIN = 'com.hazelcast.core.server.HazelcastMemberStarter';

/** Text for an XML element: the cluster name comes from the scenario and must stay text, not markup. */
function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A member bound to 127.0.0.1 only, joining the others by TCP/IP (no multicast). */
export function memberConfig(clusterName: string, port: number, ports: number[]): string {
  const members = ports.map((p) => `<member>${HOST}:${p}</member>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<hazelcast xmlns="http://www.hazelcast.com/schema/config">
  <cluster-name>${xmlText(clusterName)}</cluster-name>
  <properties>
    <property name="hazelcast.socket.bind.any">false</property>
    <property name="hazelcast.phone.home.enabled">false</property>
    <property name="hazelcast.jmx">true</property>
  </properties>
  <network>
    <port auto-increment="false">${port}</port>
    <interfaces enabled="true"><interface>${HOST}</interface></interfaces>
    <join>
      <auto-detection enabled="false"/>
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
  /** `-javaagent:...` of the JMX exporter, when the members have one. */
  agent?: string;
}

/** java's arguments for one member. */
export function memberArgs(m: MemberLaunch): string[] {
  return [`-Xmx${m.heapMb}m`, ...(m.agent ? [m.agent] : []), `-Dhazelcast.config=${m.config}`, '-cp', m.jar, MEMBER_MAIN];
}
