import { describe, expect, it } from 'vitest';
import { createOriginPolicy } from '@afterglow/service-kit';
import { startUrls } from './banner';

const policy = (publicUrl?: string) =>
  createOriginPolicy({
    port: () => 3000,
    scheme: 'http',
    ...(publicUrl ? { publicUrl } : {}),
    addresses: () => [{ address: '192.168.1.20', family: 'IPv4' }],
  });

describe('the addresses printed at start', () => {
  it('are localhost on our port and the network address', () => {
    expect(startUrls(policy())).toEqual({
      local: 'http://localhost:3000/',
      network: ['http://192.168.1.20:3000/'],
      public: null,
    });
  });

  it('keep localhost on our port when PUBLIC_URL is another host', () => {
    expect(startUrls(policy('https://venue.example'))).toMatchObject({
      local: 'http://localhost:3000/',
      public: 'https://venue.example/',
    });
  });

  it('show a loopback PUBLIC_URL as the local address', () => {
    expect(startUrls(policy('http://127.0.0.1:3000')).local).toBe('http://127.0.0.1:3000/');
  });
});
