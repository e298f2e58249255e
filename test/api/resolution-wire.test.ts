/**
 * Issue 34, items 6 and 9 (a hostile client's probe), over the socket on `npm start` and `deno task start`:
 *  - source=CATALOG is refused (422 CATALOG_SET_TOO_FAR_FROM_SPAN) when the span reaches more than 30 days before or
 *    after the set's epoch, on every endpoint that takes it, and needs the catalog's read:conjunctions;
 *  - a CDM object whose NORAD id two of our spacecraft carry is refused naming the id and the candidates (or narrowed
 *    by its other designators), and an archived craft is not resolved (its CDMs refused, naming it);
 *  - screenings: an archived primary is refused; an OEM naming another craft, a repeated `request` part, two OEM
 *    parts of one name and an OEM no primary names are 400s naming the part; an unknown part of an upload too.
 * Every test failed on the main of 2026-12-01 (c396057).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { filesForm } from '../helpers/service.ts';
import { cdmVariant } from './conjunctions.helpers.ts';
import { CROSSER_STATE, EPOCH, PRIMARY_STATE } from './screenings.helpers.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';

type Json = Record<string, any>;
const THREE_LINE = readFileSync(new URL('../fixtures/conjunction/catalog/sample.3le', import.meta.url), 'utf8');
/** Orekit's CDMExample1: OBJECT1 NORAD 12345 "SATELLITE A" 1997−030E (a Unicode minus), OBJECT2 30337 "FENGYUN 1C DEB". */
const cdm = (messageId: string) => [{ name: `${messageId}.cdm`, content: cdmVariant('CDMExample1.txt', { messageId }) }];
/** The first set of sample.3le: NORAD 99001, epoch 23045.51234567 = 2023-02-14T12:17:46.665888Z. */
const NORAD_ID = 99001;
const SET_EPOCH_MS = Date.UTC(2023, 1, 14, 12, 17, 46, 666);
const DAY_MS = 86_400_000;
const at = (offsetDays: number) => new Date(SET_EPOCH_MS + offsetDays * DAY_MS).toISOString();
const SCREENINGS = '/operations/conjunctions/screenings';
/** The screening span: half an hour before the crossing of screenings.helpers.ts, 0.05 days (the crossing at +30 min inside). */
const SCREEN_START = new Date(Date.parse(EPOCH) - 1_800_000).toISOString();
const SCREEN_DAYS = 0.05;

for (const runtime of RUNTIMES) {
  describe(`resolution and bounds (${runtime})`, { timeout: 300_000 }, () => {
    let svc: WireService;
    before(async () => {
      svc = await startWireService(runtime);
    });
    after(async () => svc?.close());

    const json = async (response: Response): Promise<Json> => (await response.json()) as Json;

    /** A craft of `organization` whose NORAD id the catalog holds (sample.3le), and a station: what source=CATALOG needs. */
    async function catalogCraft(organization: string): Promise<{ key: string; base: string }> {
      const key = (await svc.key({ organization })).secret;
      const upload = await svc.request('POST', '/operations/catalog', { key, body: filesForm([{ name: 'sample.3le', content: THREE_LINE }]) });
      assert.equal(upload.status, 200, await upload.clone().text());
      assert.equal((await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'GS-1', latitudeDeg: 40, longitudeDeg: -4, heightM: 700, elevationMaskDeg: 5 } })).status, 201);
      const craft = (await json(await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'CAT-CRAFT', noradId: NORAD_ID } }))).id as string;
      return { key, base: `/operations/spacecraft/${craft}` };
    }
    const CATALOG_ENDPOINTS: Array<[string, Record<string, string>]> = [
      ['passes', {}],
      ['passes', { Accept: 'text/csv' }],
      ['passes', { Accept: 'text/calendar' }],
      ['passes/0/sky.svg', {}],
      ['eclipses', {}],
      ['orbit-events', {}],
    ];

    test('source=CATALOG: a span more than 30 days from the set epoch, before or after it, is a 422 naming the epoch, the span and the bound on every endpoint', async () => {
      const { key, base } = await catalogCraft('catalog-bound');
      const spans: Array<[string, string, 'BEFORE_EPOCH' | 'AFTER_EPOCH', number]> = [
        ['1960-01-01T00:00:00Z', '1960-01-04T00:00:00Z', 'BEFORE_EPOCH', 23055.512], // the probe's case: passes for 1960 from a 2023 set
        [at(-31), at(-30.5), 'BEFORE_EPOCH', 31],
        [at(29), at(31), 'AFTER_EPOCH', 31],
      ];
      for (const [path, headers] of CATALOG_ENDPOINTS) {
        for (const [from, to, side, farthestDays] of spans) {
          const response = await svc.request('GET', `${base}/${path}?from=${from}&to=${to}&source=CATALOG`, { key, headers });
          const body = await json(response);
          const what = `${path} ${headers.Accept ?? ''} ${from} – ${to}`;
          assert.equal(response.status, 422, `${what}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
          assert.equal(body.error, 'CATALOG_SET_TOO_FAR_FROM_SPAN', what);
          assert.equal(body.details.noradId, NORAD_ID, what);
          assert.equal(body.details.elementSetEpoch, '2023-02-14T12:17:46.665888Z', what);
          assert.equal(body.details.maxDistanceDays, 30, what);
          assert.equal(body.details.side, side, what);
          assert.ok(Math.abs(body.details.farthestDays - farthestDays) < 1e-3, `${what}: ${body.details.farthestDays}`);
          assert.equal(body.details.spanStart, new Date(from).toISOString(), what);
          assert.match(body.message, /NORAD id 99001 has epoch 2023-02-14T12:17:46\.665888Z/, what);
          assert.match(body.message, /at most 30 days before or after its epoch/, what);
        }
      }
      // inside the bound on both sides: answered (SGP4 runs backwards too)
      for (const [from, to] of [[at(-2), at(-1)], [at(29), at(29.99)]] as const) {
        const response = await svc.request('GET', `${base}/eclipses?from=${from}&to=${to}&source=CATALOG`, { key });
        const body = await json(response);
        assert.equal(response.status, 200, JSON.stringify(body).slice(0, 300));
        assert.equal(body.elementSet.noradId, NORAD_ID);
      }
    });

    test('source=CATALOG needs the catalog’s read:conjunctions on top of read:spacecraft: 403 ACCESS_ERROR without it, before any lookup', async () => {
      const { base } = await catalogCraft('catalog-permission');
      const spacecraftOnly = (await svc.key({ organization: 'catalog-permission', permissions: ['read:spacecraft'] })).secret;
      const span = `from=${at(0)}&to=${at(0.5)}`;
      for (const [path] of CATALOG_ENDPOINTS) {
        for (const target of [base, '/operations/spacecraft/no-such-craft']) {
          const response = await svc.request('GET', `${target}/${path}?${span}&source=CATALOG`, { key: spacecraftOnly });
          const body = await json(response);
          assert.equal(response.status, 403, `${target}/${path}: ${JSON.stringify(body)}`);
          assert.equal(body.error, 'ACCESS_ERROR');
        }
      }
      const stateSource = await svc.request('GET', `${base}/eclipses?${span}`, { key: spacecraftOnly });
      assert.equal(stateSource.status, 422, 'source=STATE needs read:spacecraft only (no state stored: 422)');
      assert.equal((await json(stateSource)).error, 'NO_ELIGIBLE_STATE');
      const withCatalog = (await svc.key({ organization: 'catalog-permission', permissions: ['read:spacecraft', 'read:conjunctions'] })).secret;
      const allowed = await svc.request('GET', `${base}/orbit-events?${span}&source=CATALOG`, { key: withCatalog });
      assert.equal(allowed.status, 200, await allowed.clone().text());
      assert.equal((await json(allowed)).source, 'CATALOG');
    });

    test('CDM objects: a NORAD id two active craft share is AMBIGUOUS_OBJECT naming it and both (a weaker designator naming a third craft does not decide), narrowed by a COSPAR id; an archived craft never resolves', async () => {
      const key = (await svc.key({ organization: 'cdm-shared' })).secret;
      const craft = async (body: Json) => (await json(await svc.request('POST', '/operations/spacecraft', { key, json: body }))).id as string;
      const upload = async (files: ReturnType<typeof cdm>) => (await json(await svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm(files) }))).results[0] as Json;
      const one = await craft({ name: 'SAT-ONE', noradId: 12345 });
      const two = await craft({ name: 'SAT-TWO', noradId: 12345 });
      // OBJECT_NAME "SATELLITE A" names a third craft: on main the first designator naming exactly one won, so this one
      const third = await craft({ name: 'SATELLITE A', noradId: 99999 });
      let result = await upload(cdm('SHARED-1'));
      assert.equal(result.status, 'failed', JSON.stringify(result));
      assert.equal(result.error, 'AMBIGUOUS_OBJECT', result.message);
      assert.equal(result.code, 'import.conjunction.cdm.ambiguous_object');
      assert.equal(result.storedCount, 0);
      assert.match(result.message, /NORAD id 12345 \(OBJECT_DESIGNATOR\) names 2 active spacecraft of this organization/);
      assert.ok(result.message.includes(one) && result.message.includes(two) && !result.message.includes(third), result.message);
      assert.match(result.message, /tells them apart/);
      assert.deepEqual([...result.params.ambiguousObject.spacecraftIds].sort(), [one, two].sort());
      assert.equal(result.params.ambiguousObject.object, 'OBJECT1');
      // the COSPAR id the CDM carries tells them apart
      assert.equal((await svc.request('PATCH', `/operations/spacecraft/${two}`, { key, json: { cosparId: '1997-030E' } })).status, 200);
      result = await upload(cdm('SHARED-1'));
      assert.equal(result.status, 'success', JSON.stringify(result));
      let event = await json(await svc.request('GET', `/operations/conjunctions/${result.eventIds[0]}`, { key }));
      assert.equal(event.primarySpacecraftId, two);
      // archived craft are left out: with SAT-TWO archived, NORAD id 12345 names SAT-ONE alone
      assert.equal((await svc.request('PUT', `/operations/spacecraft/${two}/lifecycle`, { key, json: { lifecycleStatus: 'Archived' } })).status, 200);
      result = await upload(cdm('SHARED-2'));
      assert.equal(result.status, 'success', JSON.stringify(result));
      event = await json(await svc.request('GET', `/operations/conjunctions/${result.eventIds[0]}`, { key }));
      assert.equal(event.primarySpacecraftId, one);

      // only an archived craft: refused naming it, not "neither object is a spacecraft of this organization"
      const other = (await svc.key({ organization: 'cdm-archived' })).secret;
      const archived = (await json(await svc.request('POST', '/operations/spacecraft', { key: other, json: { name: 'OLD-SAT', noradId: 12345 } }))).id as string;
      assert.equal((await svc.request('PUT', `/operations/spacecraft/${archived}/lifecycle`, { key: other, json: { lifecycleStatus: 'Archived' } })).status, 200);
      const uploadOther = async (files: ReturnType<typeof cdm>) => (await json(await svc.request('POST', '/operations/conjunctions/cdms', { key: other, body: filesForm(files) }))).results[0] as Json;
      result = await uploadOther(cdm('ARCHIVED-1'));
      assert.equal(result.status, 'failed', JSON.stringify(result));
      assert.equal(result.error, 'SPACECRAFT_ARCHIVED', result.message);
      assert.equal(result.code, 'import.conjunction.cdm.spacecraft_archived');
      assert.ok(result.message.includes(archived), result.message);
      assert.match(result.message, /OLD-SAT.*by NORAD id 12345 \(OBJECT_DESIGNATOR\).*archived craft is not operated/);
      assert.deepEqual(result.params.archivedSpacecraftIds, [archived]);
      // beside an active craft of ours (OBJECT2), the archived one is the other object, not one of ours
      const active = (await json(await svc.request('POST', '/operations/spacecraft', { key: other, json: { name: 'NEW-SAT', noradId: 30337 } }))).id as string;
      result = await uploadOther(cdm('ARCHIVED-2'));
      assert.equal(result.status, 'success', JSON.stringify(result));
      event = await json(await svc.request('GET', `/operations/conjunctions/${result.eventIds[0]}`, { key: other }));
      assert.equal(event.primarySpacecraftId, active);
      assert.equal(event.secondary.spacecraftId, null, JSON.stringify(event.secondary));
      assert.equal(event.secondary.objectDesignator, '12345');
    });

    /** A spacecraft of `key`'s organization with what propagation needs and a state at EPOCH; its id and state vector id. */
    async function craftWithState(key: string, body: Json, state: { position: number[]; velocity: number[] }): Promise<{ id: string; sv: string }> {
      const created = await svc.request('POST', '/operations/spacecraft', { key, json: { launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1, ...body } });
      const id = (await json(created)).id as string;
      const stored = await svc.request('POST', '/operations/state-vectors', {
        key, json: { spacecraftId: id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity },
      });
      assert.equal(stored.status, 201, await stored.clone().text());
      return { id, sv: (await json(stored)).id as string };
    }
    const screeningRequest = (overrides: Json) => ({
      secondaries: 'FLEET', start: SCREEN_START, durationDays: SCREEN_DAYS, volume: { shape: 'SPHERE', radiusKm: 10 }, ...overrides,
    });
    const form = (parts: Array<[string, string, string?]>) => {
      const body = new FormData();
      for (const [name, content, fileName] of parts) {
        if (fileName === undefined) body.append(name, content);
        else body.append(name, new Blob([content]), fileName);
      }
      return body;
    };
    /** 400 VALIDATION_ERROR whose fieldErrors name `field` with a message matching `message`. */
    async function refusedNaming(response: Response, field: string, message: RegExp, what: string): Promise<void> {
      const body = await json(response);
      assert.equal(response.status, 400, `${what}: ${response.status} ${JSON.stringify(body).slice(0, 400)}`);
      assert.equal(body.error, 'VALIDATION_ERROR', what);
      assert.ok(field in (body.fieldErrors ?? {}), `${what}: ${field} not named in ${JSON.stringify(body.fieldErrors)}`);
      assert.match(body.fieldErrors[field], message, what);
    }

    test('screening multipart: another craft’s OEM, a repeated or file `request`, two OEM parts of one name, an OEM no primary names, an unknown part: 400 naming the part', async () => {
      const key = (await svc.key({ organization: 'screening-parts' })).secret;
      const a = await craftWithState(key, { name: 'SCR-A' }, PRIMARY_STATE);
      const b = await craftWithState(key, { name: 'SCR-B', cosparId: '2023-999B' }, CROSSER_STATE);
      const oemOf = async (sv: string) => {
        const response = await svc.request('POST', `/operations/state-vectors/${sv}/generate-oem`, {
          key, json: { initialDate: new Date(Date.parse(SCREEN_START) - 60_000).toISOString(), finalDate: new Date(Date.parse(SCREEN_START) + SCREEN_DAYS * DAY_MS + 60_000).toISOString(), referenceFrame: 'GCRF', timeBetweenPoints: 60 },
        });
        const text = await response.text();
        assert.equal(response.status, 200, text);
        return text;
      };
      const oemA = await oemOf(a.sv);
      const oemB = await oemOf(b.sv);
      assert.match(oemB, /OBJECT_NAME\s*=\s*SCR-B/);
      const withOem = JSON.stringify(screeningRequest({ primaries: [{ spacecraftId: a.id, oemFile: 'plan.oem' }] }));
      const post = (body: FormData) => svc.request('POST', SCREENINGS, { key, body });

      // B's OEM attached to A: refused naming the part, B and A
      let response = await post(form([['request', withOem], ['files', oemB, 'plan.oem']]));
      const mismatch = await json(response.clone());
      await refusedNaming(response, 'files.plan.oem', new RegExp(`OBJECT_ID = 2023-999B names spacecraft ${b.id} \\("SCR-B"\\).*not ${a.id} \\("SCR-A"\\) of primaries\\.0\\.spacecraftId`), 'another craft’s OEM');
      assert.match(mismatch.message, /OEM plan\.oem is not of spacecraft/);
      // an OEM naming none of ours is not taken as A's either
      response = await post(form([['request', withOem], ['files', oemA.replace(/OBJECT_NAME\s*=.*$/m, 'OBJECT_NAME = SOMEONE ELSE').replace(/OBJECT_ID\s*=.*$/m, 'OBJECT_ID = 1999-001A'), 'plan.oem']]));
      await refusedNaming(response, 'files.plan.oem', /names none of this organization’s spacecraft/, 'an OEM of nobody of ours');
      // `request` twice (which one?), or as a file
      response = await post(form([['request', withOem], ['request', JSON.stringify(screeningRequest({ primaries: [{ spacecraftId: b.id }] }))], ['files', oemA, 'plan.oem']]));
      await refusedNaming(response, 'request', /sent 2 times: send it once/, 'two request parts');
      response = await post(form([['request', withOem, 'request.json'], ['files', oemA, 'plan.oem']]));
      await refusedNaming(response, 'request', /must be a text field, not a file/, 'request as a file');
      // two OEM parts of one name; an OEM no primary names; a part of another name
      response = await post(form([['request', withOem], ['files', oemA, 'plan.oem'], ['files', oemB, 'plan.oem']]));
      await refusedNaming(response, 'files.plan.oem', /2 parts `files` carry the file name "plan\.oem"/, 'two OEMs of one name');
      response = await post(form([['request', withOem], ['files', oemA, 'plan.oem'], ['files', oemB, 'spare.oem']]));
      await refusedNaming(response, 'files.spare.oem', /no primary names this file/, 'an OEM no primary names');
      response = await post(form([['request', withOem], ['files', oemA, 'plan.oem'], ['note', 'hello']]));
      await refusedNaming(response, 'note', /unknown multipart part/, 'an unknown part');
      // A's own OEM is taken (then cancelled: nothing of it is wanted here)
      response = await post(form([['request', withOem], ['files', oemA, 'plan.oem']]));
      const created = await json(response);
      assert.equal(response.status, 202, JSON.stringify(created).slice(0, 400));
      await svc.request('DELETE', `${SCREENINGS}/${created.id}`, { key });
    });

    test('an archived spacecraft is not screened: 422 SPACECRAFT_ARCHIVED naming it and the field, by spacecraftId and by stateVectorId', async () => {
      const key = (await svc.key({ organization: 'screening-archived' })).secret;
      const old = await craftWithState(key, { name: 'SCR-OLD' }, PRIMARY_STATE);
      await craftWithState(key, { name: 'SCR-OTHER' }, CROSSER_STATE);
      assert.equal((await svc.request('PUT', `/operations/spacecraft/${old.id}/lifecycle`, { key, json: { lifecycleStatus: 'Archived' } })).status, 200);
      for (const [primary, field] of [[{ spacecraftId: old.id }, 'primaries.0.spacecraftId'], [{ stateVectorId: old.sv }, 'primaries.0.stateVectorId']] as const) {
        const response = await svc.request('POST', SCREENINGS, { key, json: screeningRequest({ primaries: [primary] }) });
        const body = await json(response);
        assert.equal(response.status, 422, `${field}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
        assert.equal(body.error, 'SPACECRAFT_ARCHIVED');
        assert.equal(body.details.field, field);
        assert.equal(body.details.spacecraftId, old.id);
        assert.match(body.message, new RegExp(`spacecraft ${old.id} \\("SCR-OLD"\\) is archived`));
      }
    });

    test('uploads (CDM, catalog, tracking, OPM, OCM) and inspections: a part of another name than the files is a 400 naming it, nothing stored', async () => {
      const key = (await svc.key({ organization: 'upload-parts' })).secret;
      const uploads: Array<[string, string, string]> = [
        ['/operations/conjunctions/cdms', 'files', cdmVariant('CDMExample1.txt', { messageId: 'PART-1' })],
        ['/operations/catalog', 'files', THREE_LINE],
        ['/operations/measurements', 'files', 'CCSDS_TDM_VERS = 2.0'],
        ['/operations/state-vectors/import', 'files', 'CCSDS_OPM_VERS = 3.0'],
        ['/operations/maneuvers/import', 'files', 'CCSDS_OCM_VERS = 3.0'],
        ['/operations/maneuvers/import/inspect', 'files', 'CCSDS_OCM_VERS = 3.0'],
        ['/operations/measurements/inspect', 'file', 'CCSDS_TDM_VERS = 2.0'],
      ];
      for (const [path, field, content] of uploads) {
        for (const extra of [['attachment', 'x', 'stray.txt'], ['spacecraftId', 'abc']] as Array<[string, string, string?]>) {
          const response = await svc.request('POST', path, { key, body: form([[field, content, 'upload.txt'], extra]) });
          await refusedNaming(response, extra[0], /unknown multipart part: this operation takes `files?` \(files\)/, `${path} + ${extra[0]}`);
        }
      }
      assert.equal((await json(await svc.request('GET', '/operations/catalog/objects', { key }))).totalElements, 0, 'nothing of the refused catalog upload stored');
    });

    test('screening fleet: two active craft sharing a NORAD id are not identified with its catalog object nor with each other: an issue FLEET_SHARED_NORAD_ID names the id and both', async () => {
      const key = (await svc.key({ organization: 'screening-shared' })).secret;
      const primary = await craftWithState(key, { name: 'SH-PRIMARY' }, PRIMARY_STATE);
      const d = await craftWithState(key, { name: 'SH-D', noradId: 77777 }, CROSSER_STATE);
      const e = await craftWithState(key, { name: 'SH-E', noradId: 77777 }, { position: CROSSER_STATE.position.map((v) => -v), velocity: CROSSER_STATE.velocity.map((v) => -v) });
      const response = await svc.request('POST', SCREENINGS, { key, json: screeningRequest({ primaries: [{ spacecraftId: primary.id }] }) });
      const created = await json(response);
      assert.equal(response.status, 202, JSON.stringify(created).slice(0, 300));
      let view: Json = created;
      for (let i = 0; i < 600 && !['SUCCEEDED', 'FAILED'].includes(view.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        view = await json(await svc.request('GET', `${SCREENINGS}/${created.id}`, { key }));
      }
      assert.equal(view.status, 'SUCCEEDED', JSON.stringify(view).slice(0, 500));
      const shared = view.issues.filter((i: Json) => i.code === 'FLEET_SHARED_NORAD_ID');
      assert.deepEqual(shared.map((i: Json) => i.spacecraftId).sort(), [d.id, e.id].sort(), JSON.stringify(view.issues));
      for (const issue of shared) assert.ok(issue.message.includes('NORAD id 77777') && issue.message.includes(d.id) && issue.message.includes(e.id), issue.message);
      const approaches = (await json(await svc.request('GET', `${SCREENINGS}/${created.id}/approaches?size=100`, { key }))).content as Json[];
      // the crosser's approach is D's, and D and E are told apart (on main both were screened under 77777, one of them named for both)
      const ofD = approaches.filter((a) => a.secondary.spacecraftId === d.id);
      assert.ok(ofD.length >= 1, JSON.stringify(approaches.map((a) => a.secondary)));
      assert.ok(ofD.every((a) => a.secondary.noradId !== 77777 && a.secondary.fittedTle === true), JSON.stringify(ofD.map((a) => a.secondary)));
    });
  });
}
