import { describe, expect, it } from 'vitest';
import { assertOutboundUrl, isPublicAddress, requestOutbound } from './outbound-url.ts';

const strict = { allowPrivateAddresses: false };

describe('isPublicAddress', () => {
  it('takes public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, shared, link-local, metadata, unspecified and multicast addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '169.254.1.1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '239.255.255.250',
      'ff02::1',
      '255.255.255.255',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '192.0.2.1',
      '64:ff9b::a00:1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses what is no IP address', () => {
    for (const value of ['localhost', '', '2130706433', '0x7f.1', '127.1', 'example.com']) {
      expect(isPublicAddress(value), value).toBe(false);
    }
  });
});

describe('assertOutboundUrl', () => {
  it('takes public addresses and, with private addresses allowed, a local stand-in', async () => {
    await expect(
      assertOutboundUrl('https://93.184.216.34/hook', strict, 'body/value'),
    ).resolves.toBeUndefined();
    await expect(
      assertOutboundUrl('http://[2606:4700:4700::1111]:8080/', strict, 'body/value'),
    ).resolves.toBeUndefined();
    await expect(
      assertOutboundUrl('http://127.0.0.1:9/', { allowPrivateAddresses: true }, 'body/value'),
    ).resolves.toBeUndefined();
  });

  it('refuses literal and resolved private addresses, however the address is written', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'https://10.1.2.3/hook',
      'http://localhost:3000/',
    ]) {
      await expect(assertOutboundUrl(url, strict, 'body/value'), url).rejects.toMatchObject({
        code: 'outbound/url_not_allowed',
      });
    }
  });

  it('refuses what is no http or https address as a validation problem', async () => {
    for (const url of ['ftp://93.184.216.34/', 'file:///etc/passwd', 'gopher://x', 'not a url', '']) {
      await expect(assertOutboundUrl(url, strict, 'body/value'), url).rejects.toMatchObject({
        code: 'validation',
        errors: [{ path: 'body/value' }],
      });
    }
  });
});

describe('requestOutbound', () => {
  it('refuses a private address, literal or behind a name, before connecting', async () => {
    const init = { method: 'POST', headers: {}, body: '{}', timeoutMs: 2000 };
    for (const url of ['http://127.0.0.1:9/', 'http://localhost:9/', 'http://[::1]:9/']) {
      await expect(requestOutbound(url, init, strict), url).rejects.toMatchObject({
        code: 'outbound/url_not_allowed',
      });
    }
  });
});
