/**
 * Conjunction assessment at the edges of its inputs, over the socket on Node and on Deno (defects
 * found by a hostile-client probe; each check failed on the main of 2026-11-26):
 *
 *  - item 3: a hard-body radius has physical bounds (1 mm to 1 km per object, 2 km combined) wherever one comes in —
 *    the what-if, PUT settings, PATCH spacecraft, a CDM's own — and a refused PUT changes nothing; within them every
 *    method answers a finite Pc in [0, 1], at zero miss too (ALFRIEND_1999_MAX there: 1e-170 m gave 0/0 = NaN and
 *    four different 500s, and the PUT answered 500 after storing its settings);
 *  - item 8: a CDM whose position covariance is not positive semi-definite is stored unassessed — no Pc of ours, the
 *    risk level from its stated Pc (riskBasis STATED), the reason in recomputeProblem, 422 from the what-if — where
 *    it was assessed as Pc = 0, LOW, ASSESSED, overriding the stated value; a nearly singular but positive
 *    semi-definite one is assessed.
 * The Pc values themselves are checked against references in test/engine/collision (totality.test.ts: mpmath).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PC_METHODS } from '../../engine/collision/probability.ts';
import { filesForm } from '../helpers/service.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { cdmVariant } from './conjunctions.helpers.ts';

type Json = Record<string, any>;
const BASE = 'CDMExample1.txt';
const DEFAULT_SETTINGS = { defaultHardBodyRadiusM: 5, riskThresholds: { mediumPc: 1e-7, highPc: 1e-4 }, eventGroupingWindowS: 600, defaultPcMethod: 'LAAS_2015' };
/** An indefinite RTN position block (CR_R, CT_R, CT_T, CN_R, CN_T, CN_N, m²): a correlation of 10. */
const INDEFINITE = [100, 1000, 100, 0, 0, 100];

for (const runtime of RUNTIMES) {
  describe(`conjunction assessment at the edges of its inputs (${runtime})`, { timeout: 300_000 }, () => {
    let svc: WireService;
    let key: string;
    let craft: string;
    before(async () => {
      svc = await startWireService(runtime);
      key = (await svc.key()).secret;
      // OBJECT1 of Orekit's CDMExample files: NORAD 12345
      craft = (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'SATELLITE A', noradId: 12345 } })).json()).id;
    });
    after(async () => svc?.close());

    const json = async (response: Response): Promise<Json> => (await response.json()) as Json;
    const get = (path: string) => svc.request('GET', path, { key });
    const upload = async (name: string, content: string) => svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm([{ name, content }]) });
    const uploadOne = async (name: string, content: string): Promise<string> => {
      const response = await upload(name, content);
      const body = await json(response);
      assert.equal(response.status, 200, JSON.stringify(body));
      return body.results[0].eventIds[0];
    };
    const refused = async (response: Response, field: string, what: string) => {
      const body = await json(response);
      assert.equal(response.status, 400, `${what}: ${response.status} ${JSON.stringify(body)}`);
      assert.equal(body.error, 'VALIDATION_ERROR', what);
      assert.ok(body.fieldErrors?.[field], `${what}: names ${field} (${JSON.stringify(body.fieldErrors)})`);
    };
    const finiteInUnit = (value: unknown, what: string) => assert.ok(typeof value === 'number' && value >= 0 && value <= 1, `${what}: ${String(value)}`);

    test('item 3: hard-body radii within physical bounds everywhere; a refused PUT changes nothing; every method finite at zero miss and at the bounds', async () => {
      const zeroMiss = await uploadOne('zero-miss.cdm', cdmVariant(BASE, { messageId: 'EDGE-ZM', creationDate: '2030-01-01T00:00:00.000', tca: '2030-01-02T00:00:00.000', zeroMiss: true }));
      const regular = await uploadOne('regular.cdm', cdmVariant(BASE, { messageId: 'EDGE-REG', creationDate: '2030-02-01T00:00:00.000', tca: '2030-02-02T00:00:00.000' }));

      // the what-if at both bounds, every method: finite, in [0, 1]; at zero miss the maximum probability is 1 (clamped)
      for (const eventId of [zeroMiss, regular]) {
        for (const radius of ['0.001', '2000']) {
          const response = await get(`/operations/conjunctions/${eventId}/probability?hardBodyRadiusM=${radius}`);
          const body = await json(response);
          assert.equal(response.status, 200, `R = ${radius}: ${JSON.stringify(body)}`);
          assert.deepEqual(body.probabilities.map((p: Json) => p.method), [...PC_METHODS]);
          for (const p of body.probabilities) {
            finiteInUnit(p.value, `${p.method}, R = ${radius}`);
            if (p.lowerBound !== null) finiteInUnit(p.lowerBound, `${p.method} lower bound`);
            if (p.upperBound !== null) finiteInUnit(p.upperBound, `${p.method} upper bound`);
          }
          if (eventId === zeroMiss) {
            const max = body.probabilities.find((p: Json) => p.method === 'ALFRIEND_1999_MAX');
            assert.equal(max.value, 1);
            assert.ok(max.flags.some((f: Json) => f.code === 'CLAMPED_TO_UNIT_INTERVAL'), JSON.stringify(max.flags));
          }
        }
      }
      // below a millimetre or above 2 km: 400 naming the parameter (1e-170 m was the 500 of ALFRIEND_1999_MAX)
      for (const radius of ['1e-170', '0.0009', '2000.5']) {
        await refused(await get(`/operations/conjunctions/${zeroMiss}/probability?method=ALFRIEND_1999_MAX&hardBodyRadiusM=${radius}`), 'hardBodyRadiusM', `what-if R = ${radius}`);
      }

      // PUT settings with a radius out of bounds: 400, and the settings (and their ETag) as they were
      const before = await get('/operations/conjunctions/settings');
      const beforeBody = await json(before);
      for (const radius of [1e-170, 0.0009, 1001]) {
        const response = await svc.request('PUT', '/operations/conjunctions/settings', {
          key, headers: { 'If-Match': before.headers.get('etag')! }, json: { ...DEFAULT_SETTINGS, defaultHardBodyRadiusM: radius, defaultPcMethod: 'ALFRIEND_1999_MAX' },
        });
        await refused(response, 'defaultHardBodyRadiusM', `PUT defaultHardBodyRadiusM = ${radius}`);
        const now = await get('/operations/conjunctions/settings');
        assert.deepEqual(await json(now), beforeBody, `after the refused PUT of ${radius}: unchanged`);
        assert.equal(now.headers.get('etag'), before.headers.get('etag'));
      }
      for (const eventId of [zeroMiss, regular]) {
        const response = await get(`/operations/conjunctions/${eventId}?method=ALFRIEND_1999_MAX`);
        assert.equal(response.status, 200, `event GET after the refused PUTs: ${await response.clone().text()}`);
      }

      // at the lower bound with ALFRIEND_1999_MAX (every CDM assessed again before the answer): every event readable
      const put = await svc.request('PUT', '/operations/conjunctions/settings', { key, json: { ...DEFAULT_SETTINGS, defaultHardBodyRadiusM: 0.001, defaultPcMethod: 'ALFRIEND_1999_MAX' } });
      assert.equal(put.status, 200, await put.clone().text());
      for (const eventId of [zeroMiss, regular]) {
        const event = await json(await get(`/operations/conjunctions/${eventId}`));
        finiteInUnit(event.pc, `${eventId}: stored ALFRIEND_1999_MAX`);
        assert.equal(event.recomputed.probability.value, event.pc);
        assert.equal(event.recomputed.hardBodyRadius.combinedM, 0.002);
      }
      assert.equal((await json(await get(`/operations/conjunctions/${zeroMiss}`))).pc, 1, 'zero miss: the maximum probability, clamped');
      assert.equal((await svc.request('PUT', '/operations/conjunctions/settings', { key, json: DEFAULT_SETTINGS })).status, 200);

      // our craft's radius: 400 out of bounds, and the craft unchanged
      for (const radius of [1e-170, 0.0009, 1001]) {
        await refused(await svc.request('PATCH', `/operations/spacecraft/${craft}`, { key, json: { hardBodyRadiusM: radius } }), 'hardBodyRadiusM', `PATCH hardBodyRadiusM = ${radius}`);
      }
      assert.equal((await json(await get(`/operations/spacecraft/${craft}`))).hardBodyRadiusM, null);
      assert.equal((await svc.request('PATCH', `/operations/spacecraft/${craft}`, { key, json: { hardBodyRadiusM: 0.001 } })).status, 200);
      assert.equal((await svc.request('PATCH', `/operations/spacecraft/${craft}`, { key, json: { hardBodyRadiusM: null } })).status, 200);

      // a CDM's own radius out of bounds: the file fails with the line and keyword, nothing stored
      const cases: Array<[string, Parameters<typeof cdmVariant>[1], string, RegExp]> = [
        ['relative HBR = 1e-170', { hardBodyRadiusComment: 1e-170 }, 'COMMENT HBR = 1e-170', /combined hard-body radius.*between 0\.001 and 2000 m/],
        ['relative HBR = 0', { hardBodyRadiusComment: 0 }, 'COMMENT HBR = 0', /combined hard-body radius.*between 0\.001 and 2000 m/],
        ['relative HBR = 2001', { hardBodyRadiusComment: 2001 }, 'COMMENT HBR = 2001', /between 0\.001 and 2000 m/],
        ['object 1 radius comment 1e-170', { object1Comments: ['Exclusion Volume Radius = 1e-170 [m]'] }, 'OBJECT                             = OBJECT1', /OBJECT1.*between 0\.001 and 1000 m/],
      ];
      for (const [k, [what, variant, lineText, message]] of cases.entries()) {
        const content = cdmVariant(BASE, { messageId: `EDGE-HBR-${k}`, creationDate: '2030-03-01T00:00:00.000', tca: '2030-03-02T00:00:00.000', ...variant });
        const response = await upload(`hbr-${k}.cdm`, content);
        const body = await json(response);
        assert.equal(response.status, 207, `${what}: ${JSON.stringify(body)}`);
        const result = body.results[0];
        assert.equal(result.status, 'failed', what);
        assert.equal(result.error, 'PARSE_ERROR', what);
        assert.equal(result.storedCount, 0, what);
        const expectedLine = content.split('\n').findIndex((l) => l.startsWith(lineText.split('=')[0]!.trim()) && l.replace(/\s+/g, ' ').includes(lineText.replace(/\s+/g, ' '))) + 1;
        assert.ok(expectedLine > 0, `${what}: the fixture has the line ${lineText}`);
        assert.equal(result.line, expectedLine, `${what}: ${result.message}`);
        assert.equal(result.keyword, 'COMMENT', what);
        assert.match(result.message, message, what);
      }
      // the combined bound itself is accepted
      await uploadOne('hbr-2000.cdm', cdmVariant(BASE, { messageId: 'EDGE-HBR-OK', creationDate: '2030-03-01T00:00:00.000', tca: '2030-03-03T00:00:00.000', hardBodyRadiusComment: 2000 }));
    });

    test('item 8: a covariance that is not positive semi-definite leaves the CDM unassessed, its stated Pc deciding the risk; a nearly singular one is assessed', async () => {
      const indefinite = (messageId: string, statedPc: number, day: number) =>
        cdmVariant(BASE, { messageId, creationDate: `2031-01-0${day}T00:00:00.000`, tca: `2031-01-0${day}T12:00:00.000`, statedPc, positionCovariancesM2: [INDEFINITE, null] });
      const medium = await uploadOne('npsd-medium.cdm', indefinite('EDGE-NPSD-M', 6e-5, 1));
      const low = await uploadOne('npsd-low.cdm', indefinite('EDGE-NPSD-L', 6e-8, 2));

      const unassessed = async (eventId: string, statedPc: number, riskLevel: string, what: string) => {
        for (const query of ['', '?method=PATERA_2005', '?method=ALFRIEND_1999_MAX']) {
          const response = await get(`/operations/conjunctions/${eventId}${query}`);
          const event = await json(response);
          assert.equal(response.status, 200, `${what}${query}: ${JSON.stringify(event)}`);
          assert.equal(event.pc, null, `${what}: no Pc of ours (it was 0)`);
          assert.equal(event.statedPc, statedPc, `${what}: the stated Pc stays visible`);
          assert.equal(event.riskBasis, 'STATED', what);
          assert.equal(event.riskLevel, riskLevel, `${what}: the stated Pc's level, never lower`);
          assert.equal(event.recomputed, null, what);
          assert.equal(event.recomputeProblem?.code, 'COVARIANCE_NOT_POSITIVE_SEMIDEFINITE', `${what}: ${JSON.stringify(event.recomputeProblem)}`);
          assert.match(event.recomputeProblem.message, /object1\.covariance/);
          assert.deepEqual(event.timeline.map((c: Json) => c.pc), [null]);
        }
        const whatIf = await get(`/operations/conjunctions/${eventId}/probability`);
        const body = await json(whatIf);
        assert.equal(whatIf.status, 422, `${what} what-if: ${JSON.stringify(body)}`);
        assert.equal(body.error, 'PC_NOT_COMPUTABLE');
        assert.equal(body.details?.reason, 'COVARIANCE_NOT_POSITIVE_SEMIDEFINITE');
      };
      await unassessed(medium, 6e-5, 'MEDIUM', 'stated 6e-5');
      await unassessed(low, 6e-8, 'LOW', 'stated 6e-8');
      const listed = await json(await get('/operations/conjunctions?riskLevel=MEDIUM&size=100'));
      assert.ok(listed.content.some((e: Json) => e.id === medium && e.riskLevel === 'MEDIUM' && e.pc === null), 'the list filter agrees');

      // a new default method assesses every CDM again: still unassessed, still MEDIUM
      assert.equal((await svc.request('PUT', '/operations/conjunctions/settings', { key, json: { ...DEFAULT_SETTINGS, defaultPcMethod: 'PATERA_2005' } })).status, 200);
      await unassessed(medium, 6e-5, 'MEDIUM', 'after the settings change');
      assert.equal((await svc.request('PUT', '/operations/conjunctions/settings', { key, json: DEFAULT_SETTINGS })).status, 200);

      // nearly singular but positive semi-definite (a correlation of 1 − 1e-10; the other object's block zero): assessed
      const nearlySingular = await uploadOne('nearly-singular.cdm', cdmVariant(BASE, {
        messageId: 'EDGE-NS', creationDate: '2031-01-05T00:00:00.000', tca: '2031-01-05T12:00:00.000', statedPc: 6e-5,
        positionCovariancesM2: [[100, 100 * (1 - 1e-10), 100, 0, 0, 100], [0, 0, 0, 0, 0, 0]],
      }));
      const event = await json(await get(`/operations/conjunctions/${nearlySingular}`));
      assert.equal(event.riskBasis, 'ASSESSED', JSON.stringify(event.recomputeProblem));
      finiteInUnit(event.pc, 'nearly singular');
      assert.equal(event.recomputed.probability.value, event.pc);
      const all = await json(await get(`/operations/conjunctions/${nearlySingular}/probability`));
      for (const p of all.probabilities) finiteInUnit(p.value, `nearly singular, ${p.method}`);

      // a non-finite covariance entry is a malformed file, refused with its line and keyword
      const text = cdmVariant(BASE, { messageId: 'EDGE-NAN', creationDate: '2031-01-06T00:00:00.000', tca: '2031-01-06T12:00:00.000' });
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('CR_R'));
      lines[at] = lines[at]!.replace(/=\s*\S+/, '= NaN');
      const response = await upload('nan.cdm', lines.join('\n'));
      const body = await json(response);
      assert.equal(response.status, 207, JSON.stringify(body));
      assert.equal(body.results[0].error, 'PARSE_ERROR');
      assert.equal(body.results[0].keyword, 'CR_R');
      assert.equal(body.results[0].line, at + 1);
    });
  });
}
