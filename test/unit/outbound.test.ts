import { isBlockedAddress, OutboundBlockedError, outboundRequest } from '../../lib/outbound';
import { startLocalServer, type LocalServer } from '../support/httpServer';

describe('outbound address checks', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  test.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('%s is allowed', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('outbound requests', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (req.url === '/redirect-inside')
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/redirect-loop') res.writeHead(302, { Location: '/redirect-loop' }).end();
      else if (req.url === '/redirect-ok') res.writeHead(302, { Location: '/ok' }).end();
      else res.writeHead(200).end('ok');
    });
  });
  afterAll(() => server.close());

  const request = (url: string, allowedHosts: string[] = []) =>
    outboundRequest({ allowedHosts }, { url, timeoutMs: 2000, maxRedirects: 3 });

  test.each([
    'http://127.0.0.1:1/',
    'http://localhost:1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://[::ffff:127.0.0.1]:1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:1/',
  ])('%s is refused before any byte is sent', async (url) => {
    await expect(request(url)).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  test('a public name that resolves to loopback is refused (offline, the lookup itself fails)', async () => {
    await expect(request('http://127.0.0.1.nip.io:1/')).rejects.toThrow();
  });

  test('the allow list admits a named address, and only that', async () => {
    const response = await request(`${server.url}/ok`, ['127.0.0.1']);
    expect(response.status).toBe(200);
    response.body.resume();
    await expect(request(`${server.url}/ok`, ['10.0.0.0/8'])).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(request(`${server.url}/ok`, ['127.0.0.0/8'])).resolves.toMatchObject({ status: 200 });
  });

  test('a redirect is followed and re-checked: into the metadata address is refused', async () => {
    const followed = await request(`${server.url}/redirect-ok`, ['127.0.0.1']);
    expect(followed.status).toBe(200);
    followed.body.resume();
    await expect(request(`${server.url}/redirect-inside`, ['127.0.0.1'])).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  test('more than three redirects fail', async () => {
    await expect(request(`${server.url}/redirect-loop`, ['127.0.0.1'])).rejects.toThrow(/Too many redirects/);
  });

  test('non-http schemes and URLs with credentials are refused', async () => {
    await expect(request('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(request('http://user:pw@93.184.216.34/')).rejects.toBeInstanceOf(OutboundBlockedError);
  });
});
