import { join } from 'node:path';
import { packageRoot } from '../../main/engine/entries';

/**
 * The shared life cycle, through a tiny child built on the compiled helper:
 * it says on stderr what it sees, its start waits for a 'poll', and its stop
 * waits for stdin to close, so a test decides when each step ends. A line
 * 'crash' on stdin throws; the crash's cleanup also waits for stdin to close.
 */
const dist = (rel: string): string => JSON.stringify(join(packageRoot(), 'dist', rel));
export const FIXTURE = `
const { runChild } = require(${dist('workers/child-entry.js')});
const { ToTargetSchema } = require(${dist('app/protocol/target.js')});
const say = (line) => process.stderr.write(line + '\\n');
let release;
const child = runChild({
  name: 'fixture',
  schema: ToTargetSchema,
  onMessage(m) {
    switch (m.type) {
      case 'start':
        return child.start(
          () => new Promise((resolve, reject) => (release = () => (m.data.workDir === 'fail' ? reject(new Error('no luck')) : resolve()))),
          () => process.send({ type: 'ready', data: { host: '127.0.0.1', port: 1, pids: [] } }),
        );
      case 'poll':
        say('poll');
        return release && release();
      case 'stop':
        return child.stop('message');
    }
  },
  stop(reason) {
    say('stop ' + reason);
    return new Promise((resolve) => process.stdin.once('end', resolve).resume());
  },
  stopAfterStart: ['message'],
  cleanup: () => new Promise((resolve) => process.stdin.once('end', resolve).resume()),
});
process.stdin.on('data', (d) => {
  if (String(d).includes('crash')) throw new Error('crash on request');
});
process.on('SIGTERM', () => say('saw sigterm'));
process.on('disconnect', () => say('saw disconnect'));
say('up');
`;
