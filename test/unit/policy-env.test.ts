import { describe, expect, it } from 'vitest';
import { checkEnv } from '../../main/policy/env';
import { ALLOWED_ENV_NAMES } from '../../main/policy/env-lists';
import { nodeOptionsProblems } from '../../main/policy/node-options';

const reasons = (env: Record<string, string>) => checkEnv(env).map((e) => `${e.field}: ${e.reason}`);

describe('env: only variables that tune the runtime', () => {
  it('accepts the tuning variables with sensible values', () => {
    expect(
      checkEnv({
        UV_THREADPOOL_SIZE: '8',
        UV_USE_IO_URING: '0',
        MALLOC_ARENA_MAX: '2',
        NODE_NO_WARNINGS: '1',
        NODE_OPTIONS: '--max-old-space-size=256',
      }),
    ).toEqual([]);
    expect(ALLOWED_ENV_NAMES).toEqual(expect.arrayContaining(['UV_THREADPOOL_SIZE', 'UV_USE_IO_URING', 'NODE_OPTIONS']));
  });

  it('refuses variables that load code, with their own reason', () => {
    expect(
      reasons({ LD_PRELOAD: '/tmp/x.so', LD_LIBRARY_PATH: '/tmp', LD_AUDIT: '/tmp/a.so', DYLD_INSERT_LIBRARIES: '/tmp/x.dylib' }),
    ).toEqual([
      'env.LD_PRELOAD: loads code into the worker; not allowed',
      'env.LD_LIBRARY_PATH: loads code into the worker; not allowed',
      'env.LD_AUDIT: loads code into the worker; not allowed',
      'env.DYLD_INSERT_LIBRARIES: loads code into the worker; not allowed',
    ]);
    expect(reasons({ NODE_PATH: '/tmp' })).toEqual(['env.NODE_PATH: changes where the worker loads modules from; not allowed']);
    expect(reasons({ PATH: '/tmp' })[0]).toMatch(/^env\.PATH: decides which programs/);
  });

  it('refuses any other name, listing what is allowed', () => {
    expect(reasons({ FOO: '1' })).toEqual([`env.FOO: not on the list of allowed variables (${ALLOWED_ENV_NAMES.join(', ')})`]);
    // Object's own members are not on the list either.
    expect(reasons({ constructor: '1', toString: '1', hasOwnProperty: '1' })).toHaveLength(3);
    expect(checkEnv(JSON.parse('{"__proto__": "1"}'))).toHaveLength(1);
  });

  it('checks the values of the allowed variables', () => {
    expect(reasons({ UV_THREADPOOL_SIZE: '0' })).toEqual(['env.UV_THREADPOOL_SIZE: must be a whole number from 1 to 1024']);
    expect(reasons({ UV_THREADPOOL_SIZE: '8; rm -rf /' })).toHaveLength(1);
    expect(reasons({ UV_USE_IO_URING: 'yes' })).toEqual(['env.UV_USE_IO_URING: must be "0" or "1"']);
  });
});

describe('NODE_OPTIONS: flags from the safe list only, token by token', () => {
  it('accepts heap, pool and warning flags, in either spelling', () => {
    expect(
      nodeOptionsProblems(
        '--max-old-space-size=256 --max_semi_space_size=16 --v8-pool-size=4 --no-warnings --expose-gc --dns-result-order=ipv4first',
      ),
    ).toEqual([]);
    expect(nodeOptionsProblems('  --trace-warnings\t--no-deprecation  ')).toEqual([]);
  });

  it.each([
    ['--import=data:text/javascript,console.log(1)', /^--import=data:\S+: loads code into the worker; not allowed$/],
    ['--import=./x.mjs', /loads code/],
    ['--require=/tmp/x.js', /loads code/],
    ['-r=/tmp/x.js', /loads code/],
    ['--loader=/tmp/x.mjs', /loads code/],
    ['--experimental-loader=/tmp/x.mjs', /loads code/],
    ['--experimental_loader=/tmp/x.mjs', /loads code/],
    ['--experimental-policy=/tmp/p.json', /experimental features are not allowed/],
    ['--inspect', /debugger port/],
    ['--inspect-brk=0.0.0.0:9229', /debugger port/],
    ['--inspect_brk', /debugger port/],
    ['--env-file=/tmp/.env', /reads more variables/],
    ['--heapsnapshot-near-heap-limit=1', /write files/],
    ['--redirect-warnings=/tmp/x', /write files/],
    ['--openssl-config=/tmp/openssl.cnf', /loads code/],
    ['--title=x', /not on the list of allowed NODE_OPTIONS flags \(--max-old-space-size=N, /],
    ['--max-old-space-size', /needs a value/],
    ['--max-old-space-size=1e9', /whole number/],
    ['--max-old-space-size=-1', /whole number/],
    ['--no-warnings=1', /takes no value/],
    ['--dns-result-order=anything', /one of ipv4first/],
    ['--constructor=1', /not on the list/],
    ['-x', /short flags are not allowed/],
    ['--', /not a flag/],
  ])('refuses %s', (flag, reason) => {
    const problems = nodeOptionsProblems(flag);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(reason);
  });

  it('refuses --require given as two tokens, naming both', () => {
    expect(nodeOptionsProblems('--max-old-space-size=64 --require /tmp/x.js')).toEqual([
      '--require: loads code into the worker; not allowed',
      '/tmp/x.js: not a flag (a value goes after "=", e.g. --max-old-space-size=256)',
    ]);
  });

  it('refuses quotes and escapes, which Node would read differently from a plain split', () => {
    for (const v of ['--no-warnings "--require /tmp/x.js"', "--no-warnings '--import=x'", '--no-warnings\\ --require=x']) {
      expect(nodeOptionsProblems(v)).toEqual(['quotes and backslashes are not allowed: give plain flags separated by spaces']);
    }
  });

  it('names the field env.NODE_OPTIONS', () => {
    expect(checkEnv({ NODE_OPTIONS: '--inspect' })).toEqual([
      { field: 'env.NODE_OPTIONS', reason: '--inspect: opens a debugger port that runs any code sent to it; not allowed' },
    ]);
  });
});
