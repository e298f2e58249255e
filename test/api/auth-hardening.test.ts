/**
 * Issue 14 items 7, 9, 10, 11 and the key cache of item 3: client address behind proxies (right-most untrusted
 * X-Forwarded-For entry), strict UTF-8 JSON bodies, case-insensitive Bearer scheme, failed authentications audited
 * and throttled, API-key lookups cached with a bounded revocation delay.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiKeyCache } from '../../api/auth/apiKeyCache.ts';
import { AuthFailureThrottle } from '../../api/auth/failureThrottle.ts';
import { ClientAddressResolver } from '../../api/net/clientAddress.ts';
import { loadConfig } from '../../api/config.ts';
import { revokeApiKey } from '../../storage/apiKeys.ts';
import { listAuditEntries, listAuthFailures } from '../../storage/audit.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

const LIST = '/operations/spacecraft';

describe('Authorization scheme (RFC 9110 §11.1: case-insensitive)', () => {
  let svc: TestService;
  before(async () => (svc = await createTestService()));
  after(async () => svc.close());

  for (const scheme of ['bearer', 'BEARER', 'BeArEr', 'Bearer  ']) {
    test(`"${scheme.trim()}${scheme.endsWith('  ') ? ' (two spaces)' : ''} <key>" authenticates`, async () => {
      const { secret } = await svc.key();
      const res = await svc.request('GET', LIST, { headers: { Authorization: `${scheme} ${secret}` } });
      assert.equal(res.status, 200);
    });
  }

  test('other schemes and a missing token stay an empty 401', async () => {
    const { secret } = await svc.key();
    for (const header of [`Basic ${secret}`, 'bearer', `bearer${secret}`, `Bearer ${secret} extra`]) {
      const res = await svc.request('GET', LIST, { headers: { Authorization: header } });
      assert.equal(res.status, 401, header);
      assert.equal(await res.text(), '');
    }
  });
});

describe('client address behind proxies (X-Forwarded-For, right-most untrusted entry)', () => {
  test('resolver: the right-most entry that is not a trusted proxy; forged left-hand entries are ignored', () => {
    const oneHop = new ClientAddressResolver({ trustProxy: true, trustedProxies: ['172.16.0.5'] });
    // The appending proxy added the attacker's real address after the forged one.
    assert.equal(oneHop.resolve('172.16.0.5', '10.1.2.3, 198.51.100.7'), '198.51.100.7');
    assert.equal(oneHop.resolve('172.16.0.5', '198.51.100.7'), '198.51.100.7');
    assert.equal(oneHop.resolve('172.16.0.5', undefined), '172.16.0.5');
    assert.equal(oneHop.resolve('172.16.0.5', 'not-an-ip'), null);
    // Without TRUSTED_PROXIES a direct client could name any address: refused at start-up.
    assert.throws(() => new ClientAddressResolver({ trustProxy: true, trustedProxies: [] }), /requires TRUSTED_PROXIES/);

    const chain = new ClientAddressResolver({ trustProxy: true, trustedProxies: ['172.16.0.0/12', '2001:db8:ffff::/48'] });
    assert.equal(chain.resolve('172.16.0.5', '10.1.2.3, 198.51.100.7, 172.16.0.9'), '198.51.100.7');
    assert.equal(chain.resolve('2001:db8:ffff::1', '2001:db8:1::7, 2001:db8:ffff::2'), '2001:db8:1::7');
    // Every hop is ours: the left-most entry is where the request came from.
    assert.equal(chain.resolve('172.16.0.5', '172.16.3.3, 172.16.0.9'), '172.16.3.3');
    // The socket peer is not one of our proxies: it talked to us directly and its header is not believed.
    assert.equal(chain.resolve('203.0.113.50', '10.1.2.3'), '203.0.113.50');

    const off = new ClientAddressResolver({ trustProxy: false, trustedProxies: [] });
    assert.equal(off.resolve('203.0.113.50', '10.1.2.3'), '203.0.113.50');
  });

  test('TRUSTED_PROXIES is validated at start-up; TRUST_PROXY=true without it refuses to start', () => {
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), /TRUST_PROXY=true requires TRUSTED_PROXIES/);
    assert.equal(loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.1' }).trustProxy, true);
    assert.deepEqual(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32,192.0.2.1' }).trustedProxies, ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
    assert.throws(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8,nonsense' }), /TRUSTED_PROXIES: "nonsense"/);
  });

  test('HTTP: a forged left-most X-Forwarded-For does not pass a 10/8 allowlist; the audit records the real client', async () => {
    // The socket peer 127.0.0.5 is our proxy, which appends the address it saw.
    const svc = await createTestService({ trustProxy: true, trustedProxies: ['127.0.0.0/8'] });
    try {
      const { secret, id } = await svc.key({ ipAllowlist: ['10.0.0.0/8'] });
      const forged = await svc.request('GET', LIST, { key: secret, remoteAddress: '127.0.0.5', headers: { 'X-Forwarded-For': '10.1.2.3, 198.51.100.7' } });
      assert.equal(forged.status, 403);
      const inside = await svc.request('GET', LIST, { key: secret, remoteAddress: '127.0.0.5', headers: { 'X-Forwarded-For': '10.1.2.3' } });
      assert.equal(inside.status, 200);
      await svc.audit.flush();
      assert.deepEqual((await listAuditEntries(svc.db, id)).map((r) => [r.status, r.clientIp]), [[403, '198.51.100.7'], [200, '10.1.2.3']]);
    } finally {
      await svc.close();
    }
  });
});

describe('JSON bodies must be valid UTF-8', () => {
  let svc: TestService;
  before(async () => (svc = await createTestService()));
  after(async () => svc.close());

  test('an invalid byte sequence is a 400 naming the body, and nothing is stored', async () => {
    const { secret } = await svc.key({ organization: 'org-utf8' });
    const encoder = new TextEncoder();
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80] /* UTF-16 surrogate */, [0xc0, 0xaf] /* overlong */]) {
      const body = new Uint8Array([...encoder.encode('{"name":"bad'), ...bad, ...encoder.encode('"}')]);
      const res = await svc.request('POST', LIST, { key: secret, body, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      assert.equal(res.status, 400, `bytes ${bad}`);
      const envelope = await res.json();
      assert.equal(envelope.error, 'VALIDATION_ERROR');
      assert.match(envelope.fieldErrors.body, /UTF-8/);
    }
    const list = await (await svc.request('GET', `${LIST}?includeArchived=true`, { key: secret })).json();
    assert.equal(list.totalElements, 0);
  });

  test('valid multi-byte UTF-8 is stored exactly', async () => {
    const { secret } = await svc.key({ organization: 'org-utf8' });
    const name = 'Ñuñoa-Σ 衛星 🛰';
    const res = await svc.request('POST', LIST, { key: secret, body: new TextEncoder().encode(JSON.stringify({ name })), headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 201);
    assert.equal((await res.json()).name, name);
  });
});

describe('failed authentications: audited, and throttled per address', () => {
  test('each failure is recorded with its reason, key (or token prefix) and address; a secret is never stored', async () => {
    const svc = await createTestService({ apiKeyCacheTtlMs: 0 });
    try {
      const { secret, id, organizationId } = await svc.key();
      await revokeApiKey(svc.db, id);
      const unknown = 'apsis_unknownSecretValue0123456789abcdef';
      await svc.request('GET', LIST, { remoteAddress: '127.0.2.10', headers: { 'X-Correlation-Id': 'fail-1' } });
      await svc.request('GET', LIST, { remoteAddress: '127.0.2.10', headers: { Authorization: 'Basic abc', 'X-Correlation-Id': 'fail-2' } });
      await svc.request('GET', LIST, { remoteAddress: '127.0.2.10', key: unknown, headers: { 'X-Correlation-Id': 'fail-3' } });
      await svc.request('GET', LIST, { remoteAddress: '127.0.2.10', key: secret, headers: { 'X-Correlation-Id': 'fail-4' } });
      await svc.audit.flush();
      const rows = await listAuthFailures(svc.db, { clientIp: '127.0.2.10' });
      assert.deepEqual(
        rows.map((r) => [r.correlationId, r.reason, r.apiKeyId, r.organizationId, r.keyPrefix, r.method, r.path]),
        [
          ['fail-1', 'MISSING_CREDENTIALS', null, null, null, 'GET', LIST],
          ['fail-2', 'MALFORMED_CREDENTIALS', null, null, null, 'GET', LIST],
          ['fail-3', 'UNKNOWN_KEY', null, null, unknown.slice(0, 10), 'GET', LIST],
          ['fail-4', 'REVOKED_KEY', id, organizationId, secret.slice(0, 12), 'GET', LIST],
        ],
      );
      const stored = JSON.stringify(await svc.db.execute('SELECT * FROM auth_failures'));
      assert.ok(!stored.includes(unknown) && !stored.includes(secret));
    } finally {
      await svc.close();
    }
  });

  test('after the threshold an address gets 429 with Retry-After (even with a valid key); other addresses do not', async () => {
    const svc = await createTestService({ authFailureLimit: 5, authFailureWindowSeconds: 60 });
    try {
      const { secret } = await svc.key();
      for (let i = 0; i < 5; i++) {
        assert.equal((await svc.request('GET', LIST, { remoteAddress: '127.51.100.66', key: `apsis_guess${i}xxxxxxxxxxxxxxxx` })).status, 401);
      }
      const blocked = await svc.request('GET', LIST, { remoteAddress: '127.51.100.66', key: secret });
      assert.equal(blocked.status, 429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      assert.ok(retryAfter >= 50 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      const body = await blocked.json();
      assert.equal(body.error, 'TOO_MANY_AUTH_FAILURES');
      assert.equal(body.details.retryAfterSeconds, retryAfter);
      assert.equal((await svc.request('GET', LIST, { remoteAddress: '127.51.100.67', key: secret })).status, 200);
      await svc.audit.flush();
      const reasons = (await listAuthFailures(svc.db, { clientIp: '127.51.100.66' })).map((r) => r.reason);
      assert.deepEqual(reasons, ['UNKNOWN_KEY', 'UNKNOWN_KEY', 'UNKNOWN_KEY', 'UNKNOWN_KEY', 'UNKNOWN_KEY', 'THROTTLED']);
    } finally {
      await svc.close();
    }
  });

  test('throttle: counts per window, blocks for one window, forgets the least recently failing addresses beyond its cap', () => {
    let now = 0;
    const throttle = new AuthFailureThrottle(3, 10_000, 2, () => now);
    assert.equal(throttle.recordFailure('a'), false);
    assert.equal(throttle.recordFailure('a'), false);
    now = 10_000; // the window ended: the count starts again
    assert.equal(throttle.recordFailure('a'), false);
    assert.equal(throttle.recordFailure('a'), false);
    assert.equal(throttle.retryAfterSeconds('a'), 0);
    assert.equal(throttle.recordFailure('a'), true);
    assert.equal(throttle.retryAfterSeconds('a'), 10);
    now = 15_500;
    assert.equal(throttle.retryAfterSeconds('a'), 5);
    now = 20_000;
    assert.equal(throttle.retryAfterSeconds('a'), 0);
    throttle.recordFailure('b');
    throttle.recordFailure('c');
    throttle.recordFailure('d');
    // 'a' was the least recently failing: forgotten (cap 2)
    now = 20_001;
    assert.equal(throttle.recordFailure('a'), false);
  });
});

describe('API-key cache: revocation effective within the documented bound', () => {
  test('cache: a found key is reused for ttl, then read again; unknown secrets are not cached', async () => {
    let now = 0;
    const cache = new ApiKeyCache(5000, 100, () => now);
    let queries = 0;
    let revoked = false;
    const db = {
      async execute() {
        queries++;
        return { rows: [{ id: 'k', organization_id: 'o', owner_id: 'w', prefix: 'p', permissions: '[]', environments: '[]', ip_allowlist: '[]', expires_at: null, revoked: revoked ? 1 : 0, created_at: '', owner_email: '', owner_disabled: 0 }] } as never;
      },
    };
    assert.equal((await cache.lookup(db, 's'))!.revoked, false);
    revoked = true;
    now = 4999;
    assert.equal((await cache.lookup(db, 's'))!.revoked, false);
    assert.equal(queries, 1);
    now = 5000;
    assert.equal((await cache.lookup(db, 's'))!.revoked, true);
    assert.equal(queries, 2);
    const empty = { async execute() { queries++; return { rows: [] } as never; } };
    assert.equal(await cache.lookup(empty, 'other'), null);
    assert.equal(await cache.lookup(empty, 'other'), null);
    assert.equal(queries, 4);
  });

  test('HTTP: with the default cache a revoked key is refused once the bound has passed', async () => {
    const ttlMs = loadConfig({}).apiKeyCacheTtlMs;
    assert.equal(ttlMs, 5000, 'documented default');
    const svc = await createTestService({ apiKeyCacheTtlMs: 500 });
    try {
      const { secret, id } = await svc.key();
      assert.equal((await svc.request('GET', LIST, { key: secret })).status, 200);
      await revokeApiKey(svc.db, id);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal((await svc.request('GET', LIST, { key: secret })).status, 401);
    } finally {
      await svc.close();
    }
  });
});
