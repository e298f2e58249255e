/**
 * The spacecraft's ETag from its row version (migration 0015, api/services/spacecraft/spacecraft.ts spacecraftEntityTag), over
 * the socket: POST, GET, PATCH and the lifecycle change give the tag of the stored row; every change moves it (also a
 * change written by another writer straight to the table, which the trigger versions); an old tag no longer answers
 * 304 nor passes If-Match (412), the current one does; the coded representation has its own tag; adding a payload (a
 * counter in the row, not in the representation) does not move it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';

let svc: TestService;
let key: string;

before(async () => {
  svc = await createTestService();
  key = (await svc.key()).secret;
});
after(async () => {
  await svc.close();
});

const get = (id: string, headers: Record<string, string> = {}) =>
  svc.request('GET', `/operations/spacecraft/${id}`, { key, headers: { 'Accept-Encoding': 'identity', ...headers } });

test('every change moves the tag; the old one no longer answers 304 nor passes If-Match', async () => {
  const createdResponse = await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'TAG-1', noradId: 45001 } });
  assert.equal(createdResponse.status, 201);
  const { id } = await createdResponse.json();
  const tagOnCreate = createdResponse.headers.get('etag')!;
  const first = await get(id);
  assert.equal(first.headers.get('etag'), tagOnCreate, 'POST gives the tag GET gives');
  assert.equal((await get(id, { 'If-None-Match': tagOnCreate })).status, 304);

  const patched = await svc.request('PATCH', `/operations/spacecraft/${id}`, { key, json: { color: '#112233' }, headers: { 'If-Match': tagOnCreate } });
  assert.equal(patched.status, 200);
  const tagAfterPatch = patched.headers.get('etag')!;
  assert.notEqual(tagAfterPatch, tagOnCreate);
  assert.equal((await patched.json()).color, '#112233');
  assert.equal((await get(id)).headers.get('etag'), tagAfterPatch, 'PATCH gives the tag GET then gives');
  assert.equal((await get(id, { 'If-None-Match': tagOnCreate })).status, 200, 'the old tag: the whole record');
  assert.equal((await get(id, { 'If-None-Match': tagAfterPatch })).status, 304);
  const stale = await svc.request('PATCH', `/operations/spacecraft/${id}`, { key, json: { color: '#445566' }, headers: { 'If-Match': tagOnCreate } });
  assert.equal(stale.status, 412);

  const archived = await svc.request('PUT', `/operations/spacecraft/${id}/lifecycle`, { key, json: { lifecycleStatus: 'Archived' }, headers: { 'If-Match': tagAfterPatch } });
  assert.equal(archived.status, 200, await archived.clone().text());
  const tagAfterArchive = archived.headers.get('etag')!;
  assert.notEqual(tagAfterArchive, tagAfterPatch);
  assert.equal((await get(id)).headers.get('etag'), tagAfterArchive);

  // Another writer (a later feature, an operator's SQL) changes the row without knowing about versions: the tag moves.
  await svc.db.execute({ sql: 'UPDATE spacecraft SET name = ? WHERE id = ?', args: ['TAG-1-RENAMED', id] });
  const afterForeignWrite = await get(id, { 'If-None-Match': tagAfterArchive });
  assert.equal(afterForeignWrite.status, 200);
  assert.equal((await afterForeignWrite.json()).name, 'TAG-1-RENAMED');
  assert.notEqual(afterForeignWrite.headers.get('etag'), tagAfterArchive);
  const tags = [tagOnCreate, tagAfterPatch, tagAfterArchive, afterForeignWrite.headers.get('etag')!];
  assert.equal(new Set(tags).size, tags.length, tags.join(' '));
});

test('adding a payload (which takes its slot from a counter in the spacecraft row) leaves the spacecraft tag as it is', async () => {
  const { id } = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'TAG-PAYLOAD' } })).json();
  const before = (await get(id)).headers.get('etag')!;
  const payload = await svc.request('POST', `/operations/spacecraft/${id}/payloads`, { key, json: { name: 'Camera', type: 'CAMERA', powerW: 10 } });
  assert.equal(payload.status, 201, await payload.clone().text());
  assert.equal((await get(id)).headers.get('etag'), before);
  const patched = await svc.request('PATCH', `/operations/spacecraft/${id}`, { key, json: { color: '#010203' }, headers: { 'If-Match': before } });
  assert.equal(patched.status, 200, 'the tag read before the payload still passes If-Match');
});

test('the gzip representation has its own tag, the identity tag with -gzip, and answers If-None-Match with 304', async () => {
  // Four panels: the record is over 1 KiB, so it is coded.
  const panels = ['PX', 'MX', 'PY', 'MY'].map((name, i) => ({ name, lengthM: 2 + i, widthM: 1, mountAxisPreset: ['PLUS_X', 'MINUS_X', 'PLUS_Y', 'MINUS_Y'][i] }));
  const created = await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'TAG-GZ', panels } });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = await created.json();
  const identityTag = (await get(id)).headers.get('etag')!;
  const gzip = await get(id, { 'Accept-Encoding': 'gzip' });
  assert.equal(gzip.headers.get('content-encoding'), 'gzip');
  assert.equal(gzip.headers.get('etag'), identityTag.replace(/"$/, '-gzip"'));
  assert.equal((await get(id, { 'Accept-Encoding': 'gzip', 'If-None-Match': gzip.headers.get('etag')! })).status, 304);
});
