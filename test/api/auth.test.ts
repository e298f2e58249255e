/** Authentication, authorization and the API-key audit log, through HTTP. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { revokeApiKey } from '../../storage/apiKeys.ts';
import { listAuditEntries } from '../../storage/audit.ts';
import { setOwnerDisabled } from '../../storage/owners.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

const LIST = '/operations/spacecraft';

describe('authentication', () => {
  let svc: TestService;
  before(async () => {
    // No key cache: revocation and owner changes are seen by the very next request (the cache bound is tested below).
    svc = await createTestService({ apiKeyCacheTtlMs: 0 });
  });
  after(async () => svc.close());

  test('missing Authorization → empty 401 with WWW-Authenticate: Bearer', async () => {
    const res = await svc.request('GET', LIST);
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer');
    assert.equal(await res.text(), '');
  });

  for (const header of ['Basic abc', 'Bearer', 'Bearer two words', 'token abc']) {
    test(`malformed Authorization "${header}" → empty 401`, async () => {
      const res = await svc.request('GET', LIST, { headers: { Authorization: header } });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      assert.equal(await res.text(), '');
    });
  }

  test('unknown key → 401 invalid_token', async () => {
    const res = await svc.request('GET', LIST, { key: 'apsis_not_a_real_key' });
    assert.equal(res.status, 401);
    const body = await res.json();
    assert.equal(body.error, 'invalid_token');
    assert.match(body.error_description, /not recognised/);
  });

  test('revoked key → 401 invalid_token', async () => {
    const { secret, id } = await svc.key();
    assert.equal((await svc.request('GET', LIST, { key: secret })).status, 200);
    await revokeApiKey(svc.db, id);
    const res = await svc.request('GET', LIST, { key: secret });
    assert.equal(res.status, 401);
    assert.match((await res.json()).error_description, /revoked/);
  });

  test('expired key → 401 invalid_token; a key expiring in the future works', async () => {
    const expired = await svc.key({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await svc.request('GET', LIST, { key: expired.secret });
    assert.equal(res.status, 401);
    assert.match((await res.json()).error_description, /expired/);
    const valid = await svc.key({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    assert.equal((await svc.request('GET', LIST, { key: valid.secret })).status, 200);
  });

  test('disabled owner → 401 invalid_token', async () => {
    const { secret } = await svc.key({ organization: 'org-disabled', owner: 'gone@example.com' });
    assert.equal((await svc.request('GET', LIST, { key: secret })).status, 200);
    await setOwnerDisabled(svc.db, 'gone@example.com', true);
    const res = await svc.request('GET', LIST, { key: secret });
    assert.equal(res.status, 401);
    assert.match((await res.json()).error_description, /owner is disabled/);
  });
});

describe('authorization', () => {
  let svc: TestService;
  before(async () => {
    svc = await createTestService();
  });
  after(async () => svc.close());

  async function expectAccessDenied(res: Response): Promise<void> {
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.error, 'ACCESS_ERROR');
    assert.equal(body.message, 'Access denied');
    assert.equal(body.status, 403);
    assert.equal(body.path, LIST);
  }

  test('missing permission → 403 ACCESS_ERROR', async () => {
    const { secret } = await svc.key({ permissions: ['read:spacecraft'] });
    await expectAccessDenied(await svc.request('GET', LIST, { key: secret }));
    const allowed = await svc.key({ permissions: ['PERM_read:spacecraft'] });
    assert.equal((await svc.request('GET', LIST, { key: allowed.secret })).status, 200);
  });

  test('missing Operations environment grant → 403', async () => {
    const { secret } = await svc.key({ environments: ['Sandbox'] });
    await expectAccessDenied(await svc.request('GET', LIST, { key: secret }));
  });

  test('IPv4 allowlist over the socket: a client from inside passes, from outside → 403', async () => {
    const { secret } = await svc.key({ ipAllowlist: ['127.1.0.0/16'] });
    assert.equal((await svc.request('GET', LIST, { key: secret, remoteAddress: '127.1.200.7' })).status, 200);
    await expectAccessDenied(await svc.request('GET', LIST, { key: secret, remoteAddress: '127.2.0.1' }));
  });

  test('IPv6 and IPv4-mapped peers over a dual-stack socket: ::1 and ::ffff:127.1.x.y match their allowlists', async () => {
    const dual = await createTestService({ apiKeyCacheTtlMs: 0 }, { listenHostname: '::' });
    try {
      const v6 = await dual.key({ ipAllowlist: ['::1/128'] });
      assert.equal((await dual.request('GET', LIST, { key: v6.secret, remoteAddress: '::1' })).status, 200);
      await expectAccessDenied(await dual.request('GET', LIST, { key: v6.secret, remoteAddress: '127.0.0.1' }));
      // An IPv4 client of a dual-stack listener is seen as ::ffff:127.1.200.7; it matches the IPv4 range.
      const v4 = await dual.key({ ipAllowlist: ['127.1.0.0/16'] });
      assert.equal((await dual.request('GET', LIST, { key: v4.secret, remoteAddress: '127.1.200.7' })).status, 200);
      await expectAccessDenied(await dual.request('GET', LIST, { key: v4.secret, remoteAddress: '::1' }));
    } finally {
      await dual.close();
    }
  });

  test('unit (in-process handler, peers that cannot be bound here): IPv6 ranges and mapped IPv4 peers', async () => {
    const v4 = await svc.key({ ipAllowlist: ['10.1.0.0/16'] });
    assert.equal((await svc.handle('GET', LIST, { key: v4.secret, remoteAddress: '10.1.200.7' })).status, 200);
    assert.equal((await svc.handle('GET', LIST, { key: v4.secret, remoteAddress: '::ffff:10.1.2.3' })).status, 200);
    await expectAccessDenied(await svc.handle('GET', LIST, { key: v4.secret, remoteAddress: '10.2.0.1' }));
    const { secret } = await svc.key({ ipAllowlist: ['2001:db8:abcd::/48'] });
    assert.equal((await svc.handle('GET', LIST, { key: secret, remoteAddress: '2001:db8:abcd:12::1' })).status, 200);
    await expectAccessDenied(await svc.handle('GET', LIST, { key: secret, remoteAddress: '2001:db8:abce::1' }));
    await expectAccessDenied(await svc.handle('GET', LIST, { key: secret, remoteAddress: '10.0.0.1' }));
  });

  test('X-Forwarded-For is ignored unless TRUST_PROXY=true', async () => {
    const { secret } = await svc.key({ ipAllowlist: ['203.0.113.0/24'] });
    const headers = { 'X-Forwarded-For': '203.0.113.9, 127.0.0.9' };
    await expectAccessDenied(await svc.request('GET', LIST, { key: secret, headers, remoteAddress: '127.0.0.9' }));
    // 127.0.0.9 (the right-most entry and the socket peer) is one of our proxies, so the client is the entry before it.
    const proxied = await createTestService({ trustProxy: true, trustedProxies: ['127.0.0.0/8'] });
    try {
      const key = await proxied.key({ ipAllowlist: ['203.0.113.0/24'] });
      assert.equal((await proxied.request('GET', LIST, { key: key.secret, headers, remoteAddress: '127.0.0.9' })).status, 200);
      const outside = { 'X-Forwarded-For': '198.51.100.1' };
      assert.equal((await proxied.request('GET', LIST, { key: key.secret, headers: outside })).status, 403);
    } finally {
      await proxied.close();
    }
  });

  test('every authenticated request is audited (key, org, method, path, status, duration, correlation id, IP)', async () => {
    const { secret, id, organizationId } = await svc.key({ permissions: ['PERM_read:spacecraft'] });
    await svc.request('GET', LIST, { key: secret, headers: { 'X-Correlation-Id': 'audit-1' }, remoteAddress: '127.0.2.5' });
    await svc.request('GET', '/operations/spacecraft/does-not-exist', { key: secret, headers: { 'X-Correlation-Id': 'audit-2' } });
    await svc.request('GET', '/operations/no-such-route', { key: secret, headers: { 'X-Correlation-Id': 'audit-3' } });
    await svc.audit.flush();
    const rows = await listAuditEntries(svc.db, id);
    assert.deepEqual(
      rows.map((r) => [r.method, r.path, r.status, r.correlationId]),
      [
        ['GET', LIST, 200, 'audit-1'],
        ['GET', '/operations/spacecraft/does-not-exist', 403, 'audit-2'],
        ['GET', '/operations/no-such-route', 404, 'audit-3'],
      ],
    );
    assert.equal(rows[0]!.organizationId, organizationId);
    assert.equal(rows[0]!.clientIp, '127.0.2.5');
    assert.ok(rows.every((r) => r.durationMs >= 0));
  });

  test('a failed audit write is logged with the correlation id and does not fail the request', async () => {
    const isolated = await createTestService();
    try {
      const { secret } = await isolated.key({ permissions: ['PERM_read:spacecraft'] });
      await isolated.db.execute('DROP TABLE api_key_audit');
      const original = console.error;
      const logged: string[] = [];
      console.error = (line: string) => logged.push(String(line));
      try {
        const res = await isolated.request('GET', LIST, { key: secret, headers: { 'X-Correlation-Id': 'audit-broken-1' } });
        assert.equal(res.status, 200);
        await isolated.audit.flush();
      } finally {
        console.error = original;
      }
      assert.ok(logged.some((line) => line.includes('audit write failed') && line.includes('audit-broken-1')), logged.join('\n'));
    } finally {
      await isolated.close();
    }
  });

  test('unauthenticated requests are not audited under any key', async () => {
    const { id } = await svc.key();
    await svc.request('GET', LIST);
    await svc.audit.flush();
    assert.equal((await listAuditEntries(svc.db, id)).length, 0);
  });
});
