/** The paging helper. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../api/http/errors.ts';
import { pageEnvelope, parsePageable } from '../../api/http/paging.ts';
import { pageClause } from '../../storage/sql/paging.ts';

const SORTABLE = ['name', 'createdAt'];
const DEFAULT = [{ field: 'createdAt', direction: 'asc' as const }];

test('defaults: page 0, size 20, default sort', () => {
  assert.deepEqual(parsePageable({}, SORTABLE, DEFAULT), { page: 0, size: 20, sort: DEFAULT });
});

test('page, size and repeated sort are parsed', () => {
  const request = parsePageable({ page: '2', size: '1000', sort: ['name,desc', 'createdAt'] }, SORTABLE, DEFAULT);
  assert.deepEqual(request, {
    page: 2,
    size: 1000,
    sort: [
      { field: 'name', direction: 'desc' },
      { field: 'createdAt', direction: 'asc' },
    ],
  });
});

for (const [input, field] of [
  [{ size: '1001' }, 'size'],
  [{ size: '0' }, 'size'],
  [{ page: '-1' }, 'page'],
  [{ page: '1.5' }, 'page'],
  [{ page: String(2 ** 31) }, 'page'],
  [{ page: '99999999999999999999' }, 'page'],
  [{ page: '1e3' }, 'page'],
  [{ size: '2e1' }, 'size'],
  [{ sort: 'color,asc' }, 'sort'],
  [{ sort: 'name,sideways' }, 'sort'],
] as const) {
  test(`invalid ${JSON.stringify(input)} → VALIDATION_ERROR on ${field}`, () => {
    assert.throws(
      () => parsePageable(input, SORTABLE, DEFAULT),
      (error: unknown) => error instanceof ApiError && error.status === 400 && error.error === 'VALIDATION_ERROR' && field in (error.options.fieldErrors ?? {}),
    );
  });
}

test(`the last page index is 2^31 − 1 (Spring's int); beyond it, 400`, () => {
  assert.equal(parsePageable({ page: String(2 ** 31 - 1) }, SORTABLE, DEFAULT).page, 2 ** 31 - 1);
});

test('envelope fields', () => {
  const env = pageEnvelope(['a', 'b'], 5, { page: 1, size: 2, sort: [] });
  assert.deepEqual(env, { content: ['a', 'b'], totalElements: 5, totalPages: 3, number: 1, size: 2, numberOfElements: 2, first: false, last: false, empty: false });
  const lastPage = pageEnvelope([], 0, { page: 0, size: 20, sort: [] });
  assert.equal(lastPage.empty, true);
  assert.equal(lastPage.last, true);
});

test('storage page clause maps fields through the column whitelist only', () => {
  const clause = pageClause({ page: 3, size: 10, sort: [{ field: 'name', direction: 'desc' }] }, { name: 'name_lower' }, 'id ASC');
  assert.equal(clause.sql, ' ORDER BY name_lower DESC, id ASC LIMIT ? OFFSET ?');
  assert.deepEqual(clause.args, [10, 30]);
  assert.throws(() => pageClause({ page: 0, size: 1, sort: [{ field: 'evil; DROP', direction: 'asc' }] }, { name: 'n' }, 'id'));
});
