/**
 * storage/conjunctions.ts `findReceivedCdmCovariances`: the received CDMs of a TCA range, read by TCA in pages (a
 * turn of the event loop between them) — every CDM of the range exactly once whatever the page size, CDMs that share
 * a TCA included, none outside the range, nothing of another organization. Runs on the embedded file and on sqld.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { findReceivedCdmCovariances } from '../../storage/conjunctions.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { cdmVariant } from '../api/conjunctions.helpers.ts';

let svc: TestService;
let organizationId: string;
const TCAS = ['2010-03-13T22:37:52.618', '2010-03-13T22:47:52.618', '2010-03-13T22:47:52.618', '2010-03-13T23:37:52.618', '2010-03-14T01:00:00.000', '2010-03-15T00:00:00.000'];
const unix = (utc: string) => Date.parse(`${utc}Z`) / 1000;

before(async () => {
  svc = await createTestService();
  const minted = await svc.key();
  organizationId = minted.organizationId;
  // OBJECT1 of CDMExample1 (NORAD 12345) is ours
  const craft = await svc.request('POST', '/operations/spacecraft', { key: minted.secret, json: { name: 'SATELLITE A', noradId: 12345 } });
  assert.equal(craft.status, 201, await craft.clone().text());
  const files = TCAS.map((tca, i) => ({ name: `r${i}.cdm`, content: cdmVariant('CDMExample1.txt', { messageId: `PAGE-${i}`, creationDate: '2010-03-12T22:31:12.000', tca }) }));
  const response = await svc.request('POST', '/operations/conjunctions/cdms', { key: minted.secret, body: filesForm(files) });
  assert.equal(response.status, 200, await response.clone().text());
  await svc.key({ organization: 'another' });
});
after(async () => svc?.close());

test('every received CDM of the TCA range once, in TCA order, whatever the page size', async () => {
  const from = unix(TCAS[0]!);
  const to = unix(TCAS[4]!);
  const whole = await findReceivedCdmCovariances(svc.db, organizationId, from, to);
  assert.equal(whole.length, 2 * 5, 'both objects of the five CDMs in the range (the sixth is a day later)');
  for (const pageSize of [1, 2, 3, 4]) {
    const paged = await findReceivedCdmCovariances(svc.db, organizationId, from, to, pageSize);
    assert.deepEqual(paged, whole, `pages of ${pageSize}`);
  }
  const tcas = whole.map((c) => c.tcaS);
  assert.deepEqual(tcas, [...tcas].sort((a, b) => a - b));
  assert.equal(new Set(whole.map((c) => c.cdmId)).size, 5);
  assert.deepEqual(await findReceivedCdmCovariances(svc.db, 'another', from, to, 2), []);
});
