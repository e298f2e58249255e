/**
 * Where a webhook may be sent (api/net/webhookTarget.ts): the address rules on IPv4 and IPv6 (IPv4-mapped forms judged
 * as their IPv4 address), the URL rules, the name resolved and checked at connect time (a name resolving to loopback is
 * refused), redirects answered but not followed, and the exchange's timeout.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { checkedAddress, deliverWebhook, refusedAddressReason, webhookUrlProblem, WebhookTransportError, type HostLookup } from '../../../api/net/webhookTarget.ts';

test('refused addresses: loopback, private, shared, link-local, unique-local, multicast, unspecified, reserved (IPv4 and IPv6)', () => {
  for (const address of [
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', '169.254.169.254',
    '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.1',
    '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1', '64:ff9b::7f00:1',
    // IPv4-mapped (RFC 4291 §2.5.5.2), dotted and hexadecimal: judged as 127.0.0.1, 10.0.0.1
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1',
  ]) {
    assert.ok(refusedAddressReason(address) !== null, `${address} is refused`);
  }
  assert.match(refusedAddressReason('169.254.169.254')!, /link-local/);
  assert.match(refusedAddressReason('::ffff:127.0.0.1')!, /loopback/);
  assert.match(refusedAddressReason('fd00::1')!, /unique-local/);
});

test('allowed addresses: public IPv4 and IPv6 (the edges of the private ranges included)', () => {
  for (const address of ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '11.0.0.1', '192.167.255.255', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8']) {
    assert.equal(refusedAddressReason(address), null, `${address} is allowed`);
  }
});

test('URL rules: scheme, credentials, fragment, literal and localhost hosts; WEBHOOK_ALLOW_PRIVATE allows private hosts', () => {
  assert.equal(webhookUrlProblem('https://hooks.example.org/apsis?x=1', false), null);
  assert.match(webhookUrlProblem('ftp://hooks.example.org/', false)!, /scheme must be https or http/);
  assert.match(webhookUrlProblem('not a url', false)!, /absolute URL/);
  assert.match(webhookUrlProblem('https://user:pw@hooks.example.org/', false)!, /credentials/);
  assert.match(webhookUrlProblem('https://hooks.example.org/#frag', false)!, /fragment/);
  assert.match(webhookUrlProblem('http://127.0.0.1:8080/', false)!, /loopback.*WEBHOOK_ALLOW_PRIVATE/);
  assert.match(webhookUrlProblem('http://[::1]/', false)!, /loopback/);
  assert.match(webhookUrlProblem('http://[::ffff:192.168.1.1]/', false)!, /private/);
  assert.match(webhookUrlProblem('http://localhost:9000/', false)!, /localhost is loopback/);
  assert.match(webhookUrlProblem('http://api.localhost/', false)!, /localhost is loopback/);
  assert.match(webhookUrlProblem(`https://example.org/${'a'.repeat(2100)}`, false)!, /at most 2048/);
  assert.equal(webhookUrlProblem('http://127.0.0.1:8080/', true), null);
  assert.equal(webhookUrlProblem('http://localhost/', true), null);
});

test('a name is resolved and each address checked when the delivery connects: localhost is refused, a literal public address is taken as it is', async () => {
  await assert.rejects(checkedAddress('localhost', false), (error: unknown) => error instanceof WebhookTransportError && /refused addresses/.test(error.message));
  await assert.rejects(
    deliverWebhook({ url: 'http://localhost:9/hook', headers: {}, body: '{}', timeoutMs: 2000, allowPrivate: false }),
    (error: unknown) => error instanceof WebhookTransportError && /loopback/.test(error.message),
  );
  assert.deepEqual(await checkedAddress('8.8.8.8', false), { address: '8.8.8.8', family: 4 });
  assert.deepEqual(await checkedAddress('[2001:4860:4860::8888]', false), { address: '2001:4860:4860::8888', family: 6 });
  assert.equal((await checkedAddress('localhost', true)).address.length > 0, true);
});

test("the attempt's bound covers the host's lookup: a resolver that does not answer fails the attempt in time", async () => {
  const never: HostLookup = () => new Promise(() => undefined);
  const started = performance.now();
  await assert.rejects(
    deliverWebhook({ url: 'https://hooks.example.org/x', headers: {}, body: '{}', timeoutMs: 300, allowPrivate: false, lookup: never }),
    (error: unknown) => error instanceof WebhookTransportError && /cannot resolve hooks\.example\.org: no answer within 300 ms/.test(error.message),
  );
  const tookMs = performance.now() - started;
  assert.ok(tookMs >= 290 && tookMs < 2_000, `failed after ${tookMs.toFixed(0)} ms`);
  // a slow answer within the bound still connects, with what is left of the bound for the exchange
  const slow: HostLookup = () => new Promise((resolve) => setTimeout(() => resolve([{ address: '127.0.0.1', family: 4 }]), 100));
  const server = createServer((_request, response) => {
    response.writeHead(204);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const answer = await deliverWebhook({ url: `http://receiver.test:${port}/hook`, headers: {}, body: '{}', timeoutMs: 2_000, allowPrivate: true, lookup: slow });
    assert.equal(answer.statusCode, 204);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a redirect is answered, not followed; a receiver that does not answer in time is a timeout', async () => {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    if (request.url === '/moved') {
      response.writeHead(307, { Location: '/target' });
      response.end();
    }
    // /slow: never answered
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const answer = await deliverWebhook({ url: `http://127.0.0.1:${port}/moved`, headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}', timeoutMs: 5000, allowPrivate: true });
    assert.deepEqual(answer, { statusCode: 307, location: '/target' });
    assert.equal(requests, 1, 'the Location was not requested');
    const started = Date.now();
    await assert.rejects(
      deliverWebhook({ url: `http://127.0.0.1:${port}/slow`, headers: {}, body: '{}', timeoutMs: 300, allowPrivate: true }),
      (error: unknown) => error instanceof WebhookTransportError && /within 300 ms/.test(error.message),
    );
    assert.ok(Date.now() - started < 3000);
    // without the flag the very same target is refused before any connection
    await assert.rejects(deliverWebhook({ url: `http://127.0.0.1:${port}/moved`, headers: {}, body: '{}', timeoutMs: 2000, allowPrivate: false }), WebhookTransportError);
    assert.equal(requests, 2);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
