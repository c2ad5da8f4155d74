import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Integration tests fork the compiled workers; a missing build is a failure, not a skip. */
export default function setup(): void {
  const entry = join(__dirname, '..', '..', 'dist', 'workers', 'load', 'worker.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first (npm test does)`);
}
