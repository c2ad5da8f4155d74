import { describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { openNatsReason } from '../../main/nats/open-nats';

const server = (authRequired: boolean | undefined) =>
  ({ info: authRequired === undefined ? {} : { auth_required: authRequired } }) as NatsConnection;

describe('openNatsReason: whether anyone who reaches the NATS gets in as this client could', () => {
  it('a server whose INFO asks no credentials is open, whatever this client gave', () => {
    expect(openNatsReason({ url: 'nats://x:4222', nkeyFile: '/k.nk' }, server(undefined), 'agent')).toBe(
      'the server asks no client for any',
    );
    expect(openNatsReason({ url: 'nats://x:4222' }, server(false), 'coordinator')).toBe('the server asks no client for any');
  });

  it('a server that asks for credentials but let this client in without any is open too', () => {
    expect(openNatsReason({ url: 'nats://x:4222' }, server(true), 'agent')).toBe('this agent gave no credentials and the server let it in');
    expect(openNatsReason({ url: 'nats://x:4222' }, server(true), 'coordinator')).toBe(
      'this client gave no credentials and the server let it in',
    );
  });

  it('a server that asks for credentials, given them, is not', () => {
    for (const cred of [{ nkeyFile: '/k.nk' }, { credsFile: '/u.creds' }, { tokenFile: '/t' }])
      expect(openNatsReason({ url: 'nats://x:4222', ...cred }, server(true), 'agent')).toBeUndefined();
  });
});
