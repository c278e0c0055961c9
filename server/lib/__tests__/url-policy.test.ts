import { describe, expect, it } from 'vitest';
import { createUrlPolicy, isPublicAddress, UrlRefusedError } from '../url-policy';

const NOT_PUBLIC = [
  // IPv4: "this network", private, CGNAT, loopback, link-local (cloud metadata), reserved, multicast, broadcast.
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.1.2.3',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.168.0.1',
  '192.168.255.255',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6: loopback, unspecified, unique local, link-local, multicast, documentation, 6to4, and the
  // IPv4-mapped and IPv4-compatible forms of private IPv4 addresses.
  '::1',
  '::',
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::abcd%eth0',
  'febf::1',
  'ff02::1',
  '2001:db8::1',
  '2002:a00:1::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:a9fe:a9fe',
  '::ffff:192.168.1.1',
  '::127.0.0.1',
  '0:0:0:0:0:ffff:ac10:1',
  '[::1]',
  'not-an-ip',
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.1',
  '192.169.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '::ffff:8.8.8.8',
];

describe('the webhook URL policy', () => {
  it.each(NOT_PUBLIC)('when the address is %s, then it is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('when the address is %s, then it is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  const resolving =
    (answers: Record<string, string[]>) =>
    async (host: string): Promise<{ address: string; family: number }[]> => {
      const found = answers[host];
      if (!found) throw new Error('ENOTFOUND');
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };

  const policy = createUrlPolicy({
    resolve: resolving({
      'hooks.example.com': ['93.184.215.14'],
      'v6.example.com': ['2606:4700:4700::1111'],
      'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
      'localhost.example.com': ['127.0.0.1'],
      'empty.example.com': [],
    }),
  });

  async function refusal(url: string): Promise<string> {
    try {
      await policy.check(url);
    } catch (error) {
      expect(error).toBeInstanceOf(UrlRefusedError);
      return (error as Error).message;
    }
    throw new Error(`${url} was accepted`);
  }

  it('when an https URL resolves to public addresses, then it is allowed with the address to connect to', async () => {
    await expect(policy.check('https://hooks.example.com/in?x=1')).resolves.toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(policy.check('https://v6.example.com/in')).resolves.toMatchObject({ family: 6 });
    await expect(policy.check('https://8.8.8.8:8443/in')).resolves.toMatchObject({ address: '8.8.8.8' });
  });

  it('when a URL is not https, has credentials, cannot be resolved or reaches a private address, then it is refused saying why', async () => {
    expect(await refusal('http://hooks.example.com/in')).toMatch(/must start with https/);
    expect(await refusal('ftp://hooks.example.com/in')).toMatch(/full URL/);
    expect(await refusal('hooks.example.com/in')).toMatch(/full URL/);
    expect(await refusal('https://user:pw@hooks.example.com/in')).toMatch(/user name or password/);
    expect(await refusal('https://nowhere.example.com/in')).toMatch(/could not be found/);
    expect(await refusal('https://empty.example.com/in')).toMatch(/could not be found/);
    // One private answer among public ones is enough to refuse: the name could be steered to it.
    expect(await refusal('https://mixed.example.com/in')).toMatch(/not a public internet address/);
    expect(await refusal('https://localhost.example.com/in')).toMatch(/not a public internet address/);
    expect(await refusal('https://127.0.0.1/in')).toMatch(/not a public internet address/);
    expect(await refusal('https://[::ffff:127.0.0.1]/in')).toMatch(/not a public internet address/);
    expect(await refusal('https://[fe80::1]/in')).toMatch(/not a public internet address/);
    expect(await refusal('https://0x7f000001/in')).toMatch(/not a public internet address/);
    expect(await refusal('https://2130706433/in')).toMatch(/not a public internet address/);
  });

  it("when the tests' receiver policy is used, then http loopback is allowed but private networks still are not", async () => {
    const local = createUrlPolicy({
      allowHttp: true,
      allowLoopback: true,
      resolve: resolving({ 'lan.example.com': ['192.168.1.20'] }),
    });
    await expect(local.check('http://127.0.0.1:4000/hook')).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(local.check('http://lan.example.com/hook')).rejects.toThrow(/not a public internet address/);
  });
});
