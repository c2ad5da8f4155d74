import type { FieldError } from '../../app/scenario/schema';
import { ALLOWED_ENV, ALLOWED_ENV_NAMES, REFUSED_ENV } from './env-lists';
import { nodeOptionsProblems } from './node-options';

/** Every variable of a scenario's `env` that may not reach the workers, named `env.NAME`, with the reason. */
export function checkEnv(env: Readonly<Record<string, string>>): FieldError[] {
  return Object.entries(env).flatMap(([name, value]) => {
    const field = `env.${name}`;
    const refused = REFUSED_ENV.find((r) => r.pattern.test(name));
    if (refused) return [{ field, reason: refused.reason }];
    // An own-property test: a name such as "constructor" must not find Object's members.
    if (!Object.hasOwn(ALLOWED_ENV, name))
      return [{ field, reason: `not on the list of allowed variables (${ALLOWED_ENV_NAMES.join(', ')})` }];
    const check = ALLOWED_ENV[name];
    if (check === 'node-options') return nodeOptionsProblems(value).map((reason) => ({ field, reason }));
    const why = check(value);
    return why ? [{ field, reason: why }] : [];
  });
}
