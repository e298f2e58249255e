/** CIDR matching for IP allowlists (RFC 4632 / RFC 4291). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ipAllowed, parseCidr, parseIp } from '../../../api/net/cidr.ts';

test('IPv4 ranges', () => {
  assert.equal(ipAllowed('192.168.1.77', ['192.168.1.0/24']), true);
  assert.equal(ipAllowed('192.168.2.1', ['192.168.1.0/24']), false);
  assert.equal(ipAllowed('10.0.0.1', ['0.0.0.0/0']), true);
  assert.equal(ipAllowed('10.0.0.1', ['10.0.0.1']), true);
  assert.equal(ipAllowed('10.0.0.2', ['10.0.0.1/32']), false);
  assert.equal(ipAllowed('172.16.5.4', ['172.16.0.0/12']), true);
  assert.equal(ipAllowed('172.32.0.1', ['172.16.0.0/12']), false);
});

test('IPv4-mapped IPv6 peers match IPv4 ranges', () => {
  assert.equal(ipAllowed('::ffff:192.168.1.5', ['192.168.1.0/24']), true);
});

test('IPv6 ranges, compressed forms and zone ids', () => {
  assert.equal(ipAllowed('2001:db8::1', ['2001:db8::/32']), true);
  assert.equal(ipAllowed('2001:db9::1', ['2001:db8::/32']), false);
  assert.equal(ipAllowed('::1', ['::1/128']), true);
  assert.equal(ipAllowed('fe80::1%eth0', ['fe80::/10']), true);
  assert.equal(ipAllowed('2001:0db8:0000:0000:0000:0000:0000:0001', ['2001:db8::1/128']), true);
  assert.equal(ipAllowed('2001:db8::1', ['2001:db8::/33']), true);
  assert.equal(ipAllowed('2001:db8:8000::1', ['2001:db8::/33']), false);
});

test('an empty allowlist allows every address; invalid inputs never match', () => {
  assert.equal(ipAllowed('203.0.113.1', []), true);
  assert.equal(ipAllowed(null, ['0.0.0.0/0']), false);
  assert.equal(ipAllowed('not-an-ip', ['0.0.0.0/0']), false);
  assert.equal(parseIp('1.2.3.256'), null);
  assert.equal(parseIp('1::2::3'), null);
  assert.equal(parseCidr('10.0.0.0/33'), null);
  assert.equal(parseCidr('2001:db8::/129'), null);
  assert.equal(parseCidr('10.0.0.0/8/1'), null);
});
