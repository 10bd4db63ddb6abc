import { isBlockedAddress, OutboundBlockedError, OutboundRedirectError, outboundRequest } from '../../lib/outbound';
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
    // IPv4 inside IPv6: IPv4-compatible, SIIT (RFC 6145), NAT64 (RFC 6052), 6to4, and Teredo.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // Reserved, benchmarking, documentation, broadcast, "this network".
    '192.0.2.1',
    '198.18.0.1',
    '2001:db8::1',
    '255.255.255.255',
    '0.1.2.3',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  test.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is allowed', (address) => {
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
      else if (req.url?.startsWith('/redirect-chain/'))
        res.writeHead(302, { Location: `/redirect-chain/${Number(req.url.split('/')[2]) + 1}` }).end();
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

  test('a redirect loop fails at once, as a permanent redirect error', async () => {
    const failure = request(`${server.url}/redirect-loop`, ['127.0.0.1']);
    await expect(failure).rejects.toBeInstanceOf(OutboundRedirectError);
    await expect(request(`${server.url}/redirect-loop`, ['127.0.0.1'])).rejects.toThrow(/Redirect loop/);
    expect(server.requests.filter((entry) => entry.url === '/redirect-loop').length).toBe(2);
  });

  test('more than three redirects fail as a permanent redirect error', async () => {
    await expect(request(`${server.url}/redirect-chain/0`, ['127.0.0.1'])).rejects.toThrow(/Too many redirects/);
  });

  test('IPv6 spellings of loopback in a URL are refused before any byte is sent', async () => {
    for (const url of ['http://[::127.0.0.1]:1/', 'http://[::ffff:0:127.0.0.1]:1/', 'http://[2002:7f00:1::]:1/']) {
      await expect(request(url)).rejects.toBeInstanceOf(OutboundBlockedError);
    }
  });

  test('non-http schemes and URLs with credentials are refused', async () => {
    await expect(request('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(request('http://user:pw@93.184.216.34/')).rejects.toBeInstanceOf(OutboundBlockedError);
  });
});
