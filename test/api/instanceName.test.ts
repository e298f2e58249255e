/** INSTANCE_NAME: the name in every lease an instance takes (api/config.ts, api/service.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../api/config.ts';

test('INSTANCE_NAME is taken as given, refused when it is not a plain name, and defaults to a distinct name per process', () => {
  assert.equal(loadConfig({ INSTANCE_NAME: ' eu-west-1a.apsis-2 ' }).instanceName, 'eu-west-1a.apsis-2');
  for (const bad of ['a b', 'x'.repeat(65), 'ops@1', 'é']) assert.throws(() => loadConfig({ INSTANCE_NAME: bad }), /INSTANCE_NAME/);
  const one = loadConfig({}).instanceName;
  const two = loadConfig({}).instanceName;
  assert.match(one, new RegExp(`-${process.pid}-[0-9a-f]{8}$`));
  assert.notEqual(one, two, 'two configurations of one process: two names');
});
