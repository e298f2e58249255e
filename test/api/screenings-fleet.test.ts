/**
 * A fleet screening (mode FLEET) over the socket, on two server processes sharing one database (a file, or a libSQL
 * server on a sqld run): every active spacecraft is a primary by its element set — six by their catalog sets, two
 * (no NORAD id) by TLEs fitted to their stored states, which cross 2 km apart at EPOCH (screenings.helpers.ts) —
 * against a 600-object synthetic catalog (less the fleet's own entries) and one another, one day, sphere of 50 km.
 *
 * Checked:
 *  - the reference: the approaches equal those of the engine's pair-by-pair screening (screenChunk, itself checked
 *    against a brute force and the Orekit references) of the same element sets: catalog × fleet, and fleet × fleet
 *    with the pair's primary the lower NORAD id — same pairs, TCA within 1 ms, miss distance within 1 mm (the sieve's
 *    refinement tolerance; slices.ts);
 *  - the split: one slice on one process, then eight slices (3 h) on two: both processes ran slices, each slice once,
 *    the merge once, and the same approaches (within the same tolerances) — none lost or doubled at a boundary;
 *  - the crossing found (fleet against fleet, both fitted TLEs), and events only for approaches whose Pc reaches the
 *    threshold;
 *  - a 400 naming the field for primaries given in mode FLEET, and for a PRIMARIES screening without primaries;
 *  - mode ALL_VS_ALL (the catalog against itself with the fleet), on three slices and two processes: every pair once,
 *    equal to the engine's pair-by-pair screening of every object against every other (unordered pairs; TCA within
 *    1 ms, miss within 1 mm); a pair of two catalog objects shows its primary (lower NORAD id) by NORAD id and name
 *    and is no conjunction event; the fleet's pairs are, above the threshold.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { screenChunk, type PrimaryInput, type ScreeningApproach } from '../../engine/collision/screening/index.ts';
import type { GpElementSet } from '../../engine/tle/gpElements.ts';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { findScreeningInputs, listScreeningChunks } from '../../storage/screenings.ts';
import type { ScreeningInputs } from '../../api/services/conjunctions/screenings.ts';
import { mintKey } from '../helpers/service.ts';
import { testDatabase, type TestDatabase } from '../helpers/database.ts';
import { callServer, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { CROSSER_STATE, EPOCH, PRIMARY_STATE, runScreeningOn, smallCatalog, storeCatalog } from './screenings.helpers.ts';

type Json = Record<string, any>;
const SCREENINGS = '/operations/conjunctions/screenings';
const START = '2023-02-15T00:00:00.000Z';
const RADIUS_KM = 50;
const TCA_TOLERANCE_MS = 1;
const MISS_TOLERANCE_M = 1e-3;

describe('a fleet screening (mode FLEET) by time slices on two server processes', { timeout: 900_000 }, () => {
  let dir: string;
  let env: Record<string, string>;
  let database: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess | null = null;
  let db: Db;
  let key: string;
  let catalog: GpElementSet[];
  /** The fleet's element sets as the first screening resolved them (the fitted ones included). */
  let fleetSets: Array<{ elements: GpElementSet; spacecraftId: string; hardBodyRadiusM: number }> = [];
  const fleetNorad = new Map<number, string>();

  const call = (server: ServerProcess, method: string, path: string, json?: unknown) => callServer(server, key, method, path, json);

  const fleetRequest = (sliceHours: number) => ({ mode: 'FLEET', secondaries: 'BOTH', start: START, durationDays: 1, volume: { shape: 'SPHERE', radiusKm: RADIUS_KM }, pcThreshold: 1e-6, sliceHours });

  const screen = (server: ServerProcess, body: Json) => runScreeningOn(server, key, body);


  /** The pair and TCA of an approach as the API shows it (a fitted secondary has no NORAD id: its spacecraft). */
  const keyOf = (a: Json) => `${a.primary.spacecraftId}|${a.secondary.spacecraftId ?? a.secondary.noradId}`;

  function assertSameApproaches(actual: Json[], expected: Array<{ key: string; tcaMs: number; missM: number }>, label: string): void {
    const byPair = (list: Array<{ key: string; tcaMs: number; missM: number }>) => [...list].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.tcaMs - b.tcaMs));
    const got = byPair(actual.map((a) => ({ key: keyOf(a), tcaMs: Date.parse(a.tca), missM: a.missDistanceM })));
    const want = byPair(expected);
    assert.equal(got.length, want.length, `${label}: ${got.length} approaches, expected ${want.length}`);
    got.forEach((g, i) => {
      const w = want[i]!;
      assert.equal(g.key, w.key, `${label}: approach ${i} pair`);
      assert.ok(Math.abs(g.tcaMs - w.tcaMs) <= TCA_TOLERANCE_MS, `${label}: ${g.key} TCA ${new Date(g.tcaMs).toISOString()} vs ${new Date(w.tcaMs).toISOString()}`);
      assert.ok(Math.abs(g.missM - w.missM) <= MISS_TOLERANCE_M, `${label}: ${g.key} miss ${g.missM} vs ${w.missM} m`);
    });
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-screening-fleet-'));
    database = await testDatabase(dir);
    env = { DATABASE_URL: database.url, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0', WORKERS: '1', SCREENING_POLL_MS: '200' };
    first = await startServerProcess('node', env);
    db = await openDatabase({ url: env.DATABASE_URL! });
    const minted = await mintKey(db, { organization: 'fleet' });
    key = minted.secret;
    catalog = smallCatalog(600, 11);
    await storeCatalog(db, minted.organizationId, catalog);
    // six of the catalog's low-Earth objects are ours
    const ours = catalog.filter((e) => e.meanMotionRevPerDay > 13).slice(0, 6);
    for (const [k, elements] of ours.entries()) {
      const craft = await call(first, 'POST', '/operations/spacecraft', { name: `FLEET-${k}`, noradId: elements.noradId, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      fleetNorad.set(elements.noradId, craft.body.id);
    }
    // two without a NORAD id, screened from TLEs fitted to their states: they cross 2 km apart at EPOCH
    for (const [name, state] of [['FLEET-A', PRIMARY_STATE], ['FLEET-B', CROSSER_STATE]] as const) {
      const craft = await call(first, 'POST', '/operations/spacecraft', { name, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      const sv = await call(first, 'POST', '/operations/state-vectors', { spacecraftId: craft.body.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
    }
  });

  after(async () => {
    if (second) await stopServerProcess(second);
    if (first) await stopServerProcess(first);
    await db?.close();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('400 naming the field: primaries in mode FLEET, a slice over 24 h, none in mode PRIMARIES', async () => {
    const withPrimaries = await call(first, 'POST', SCREENINGS, { ...fleetRequest(6), primaries: [{ spacecraftId: 'x' }] });
    assert.equal(withPrimaries.status, 400, JSON.stringify(withPrimaries.body));
    assert.match(JSON.stringify(withPrimaries.body), /primaries/);
    const longSlice = await call(first, 'POST', SCREENINGS, fleetRequest(25));
    assert.equal(longSlice.status, 400, JSON.stringify(longSlice.body));
    assert.match(JSON.stringify(longSlice.body), /sliceHours/);
    const without = await call(first, 'POST', SCREENINGS, { secondaries: 'CATALOG', start: START, durationDays: 1, volume: { shape: 'SPHERE', radiusKm: 5 } });
    assert.equal(without.status, 400, JSON.stringify(without.body));
    assert.match(JSON.stringify(without.body), /primaries/);
  });

  test('the approaches equal the pair-by-pair reference, whatever the slices and the instances', async () => {
    const alone = await screen(first, fleetRequest(24));
    assert.equal(alone.view.chunks.filter((c: Json) => c.kind === 'SCREEN').length, 1, 'one slice');

    // the reference: the engine's pair loop over the same element sets (the fitted ones as the screening stored them)
    const inputs = JSON.parse((await findScreeningInputs(db, alone.view.id))!) as ScreeningInputs;
    const byNorad = new Map(catalog.map((e) => [e.noradId, e]));
    const sets = inputs.primaries.map((spec) => (spec.kind === 'GP' ? (spec.fromCatalog ? byNorad.get(spec.noradId!)! : spec.elements!) : assert.fail('a GP primary')));
    assert.equal(sets.length, 8);
    const spacecraftOf = (index: number) => inputs.primarySpacecraft[index]!.spacecraftId;
    const spacecraftByNorad = new Map(sets.map((e, i) => [e.noradId, spacecraftOf(i)]));
    const primaries: PrimaryInput[] = sets.map((elements, i) => ({ id: String(i), noradId: elements.noradId, trajectory: { kind: 'GP', elements }, hardBodyRadiusM: inputs.primaries[i]!.hardBodyRadiusM }));
    const span = { startUtc: START, durationS: 86_400 };
    const volume = { shape: 'SPHERE' as const, radiusKm: RADIUS_KM };
    const options = { secondaryHardBodyRadiusM: inputs.secondaryHardBodyRadiusM };
    const againstCatalog = screenChunk({ span, volume, primaries, secondaries: catalog.filter((e) => !fleetNorad.has(e.noradId)).map((elements) => ({ elements })), options }).approaches;
    const againstEachOther = screenChunk({ span, volume, primaries, secondaries: sets.map((elements, i) => ({ elements, hardBodyRadiusM: inputs.primaries[i]!.hardBodyRadiusM })), options })
      .approaches.filter((a: ScreeningApproach) => sets[Number(a.primaryId)]!.noradId < a.secondaryNoradId);
    const expected = [...againstCatalog, ...againstEachOther].map((a) => ({
      key: `${spacecraftOf(Number(a.primaryId))}|${spacecraftByNorad.get(a.secondaryNoradId) ?? a.secondaryNoradId}`,
      tcaMs: Date.parse(a.tcaUtc.endsWith('Z') ? a.tcaUtc : `${a.tcaUtc}Z`),
      missM: a.missDistanceM,
    }));
    assert.ok(againstCatalog.length >= 3, `the catalog gives approaches to compare (${againstCatalog.length})`);
    assert.ok(againstEachOther.length >= 1, 'the fleet gives approaches to compare');
    assertSameApproaches(alone.approaches, expected, 'one slice');

    // the crossing of the two fitted craft near EPOCH, ~2 km (fitted TLEs: a few hundred metres), an event
    const crossing = alone.approaches.find((a) => a.secondary.fittedTle && Math.abs(Date.parse(a.tca) - Date.parse(EPOCH)) < 60_000);
    assert.ok(crossing, 'the crossing of FLEET-A and FLEET-B');
    assert.ok(Math.abs(crossing.missDistanceM - 2000) < 400, `crossing miss ${crossing.missDistanceM} m`);
    const events = alone.approaches.filter((a) => a.conjunctionEventId !== null);
    assert.equal(events.length, alone.view.eventCount);
    assert.deepEqual(events.map((a) => a.seq), alone.approaches.filter((a) => a.pc !== null && a.pc >= 1e-6).map((a) => a.seq), 'events exactly above the threshold');
    assert.ok(events.length >= 1);
    assert.ok(alone.view.counts.sieveObjectSteps > 0 && alone.view.counts.sieveCandidatePairSteps >= alone.view.counts.sieveAfterSegmentTest, JSON.stringify(alone.view.counts));

    second = await startServerProcess('node', env);
    const shared = await screen(first, fleetRequest(3));
    const chunks = await listScreeningChunks(db, shared.view.id);
    const slices = chunks.filter((c) => c.kind === 'SCREEN');
    assert.equal(slices.length, 8);
    assert.deepEqual(slices.map((c) => c.slice), Array.from({ length: 8 }, (_, k) => ({ fromS: k * 10_800, toS: (k + 1) * 10_800 })));
    const owners = new Set(slices.map((c) => c.ranBy));
    assert.equal(owners.size, 2, `both instances ran slices: ${JSON.stringify(slices.map((c) => c.ranBy))}`);
    for (const c of chunks) {
      assert.equal(c.status, 'SUCCEEDED');
      assert.equal(c.attempts, 1, `chunk ${c.index} ran once`);
    }
    assert.ok(owners.has(shared.view.mergedBy));
    assertSameApproaches(shared.approaches, expected, 'eight slices on two instances');
    assert.equal(shared.view.eventCount, alone.view.eventCount);
    assert.equal(shared.view.counts.pairs, alone.view.counts.pairs, 'pairs counted once, not per slice');
    fleetSets = sets.map((elements, i) => ({ elements, spacecraftId: spacecraftOf(i), hardBodyRadiusM: inputs.primaries[i]!.hardBodyRadiusM }));
    console.log(`# fleet screening: ${alone.approaches.length} approaches (${againstEachOther.length} fleet × fleet), ${events.length} events; slices per instance ${JSON.stringify([...owners].map((o) => slices.filter((c) => c.ranBy === o).length))}`);
  });

  test('mode ALL_VS_ALL: every pair of the catalog and the fleet once, equal to the pair-by-pair reference; catalog pairs are no events', async () => {
    assert.ok(fleetSets.length === 8, 'after the fleet test');
    const bad = await call(first, 'POST', SCREENINGS, { ...fleetRequest(8), mode: 'ALL_VS_ALL', secondaries: 'CATALOG' });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.match(JSON.stringify(bad.body), /secondaries/);
    const run = await screen(first, { ...fleetRequest(8), mode: 'ALL_VS_ALL' });
    const slices = (await listScreeningChunks(db, run.view.id)).filter((c) => c.kind === 'SCREEN');
    assert.equal(slices.length, 3);
    if (second) assert.equal(new Set(slices.map((c) => c.ranBy)).size, 2, 'both instances ran slices');

    // filters (read before the reference's seconds of computation hold this process: an idle keep-alive socket would be
    // closed under it): ours=true leaves out the catalog pairs; spacecraftId finds a craft as primary or as secondary
    const oursPage = (await call(first, 'GET', `${SCREENINGS}/${run.view.id}/approaches?ours=true&size=1000`)).body;
    assert.equal(oursPage.totalElements, run.approaches.filter((a) => a.primary.spacecraftId !== null).length);
    const craft = fleetSets[fleetSets.length - 1]!.spacecraftId;
    const ofCraft = (await call(first, 'GET', `${SCREENINGS}/${run.view.id}/approaches?spacecraftId=${craft}&size=1000`)).body;
    const involving = run.approaches.filter((a) => a.primary.spacecraftId === craft || a.secondary.spacecraftId === craft);
    assert.ok(involving.some((a) => a.secondary.spacecraftId === craft), 'the craft is some approach’s secondary');
    assert.deepEqual(ofCraft.content.map((a: Json) => a.seq), involving.map((a) => a.seq));
    // the reference: every object against every other, pair by pair (each unordered pair once)
    const ours = new Map(fleetSets.map((f) => [f.elements.noradId, f]));
    const objects = [...catalog.filter((e) => !fleetNorad.has(e.noradId)), ...fleetSets.map((f) => f.elements)];
    const identity = (noradId: number) => ours.get(noradId)?.spacecraftId ?? String(noradId);
    const radius = (noradId: number) => ours.get(noradId)?.hardBodyRadiusM ?? 5;
    const reference = screenChunk({
      span: { startUtc: START, durationS: 86_400 }, volume: { shape: 'SPHERE', radiusKm: RADIUS_KM },
      primaries: objects.map((elements): PrimaryInput => ({ id: String(elements.noradId), noradId: elements.noradId, trajectory: { kind: 'GP', elements }, hardBodyRadiusM: radius(elements.noradId) })),
      secondaries: objects.map((elements) => ({ elements, hardBodyRadiusM: radius(elements.noradId) })),
      options: { secondaryHardBodyRadiusM: 5 },
    }).approaches.filter((a) => Number(a.primaryId) < a.secondaryNoradId);
    const pairKey = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);
    const expected = reference.map((a) => ({ key: pairKey(identity(Number(a.primaryId)), identity(a.secondaryNoradId)), tcaMs: Date.parse(a.tcaUtc.endsWith('Z') ? a.tcaUtc : `${a.tcaUtc}Z`), missM: a.missDistanceM }));
    const got = run.approaches.map((a) => ({ ...a, primary: { spacecraftId: pairKey(a.primary.spacecraftId ?? String(a.primary.noradId), a.secondary.spacecraftId ?? String(a.secondary.noradId)) }, secondary: { spacecraftId: '' } }));
    // keyOf reads `${primary.spacecraftId}|${secondary.spacecraftId}`: the unordered pair, then '|'
    const expectedKeys = expected.map((e) => ({ ...e, key: `${e.key}|` }));
    assert.ok(expected.filter((e) => !fleetSets.some((f) => e.key.includes(f.spacecraftId))).length > 10, 'catalog pairs to compare');
    assertSameApproaches(got, expectedKeys, 'all-vs-all');

    const catalogPairs = run.approaches.filter((a) => a.primary.spacecraftId === null);
    assert.ok(catalogPairs.length > 0);
    for (const a of catalogPairs) {
      assert.equal(a.primary.index, null);
      assert.ok(a.primary.noradId < a.secondary.noradId, 'the primary of a catalog pair: the lower NORAD id');
      assert.equal(a.primary.name, catalog.find((e) => e.noradId === a.primary.noradId)!.name);
      assert.equal(a.conjunctionEventId, null, 'a catalog pair is no event');
    }
    const fleetPairs = run.approaches.filter((a) => a.primary.spacecraftId !== null);
    assert.deepEqual(fleetPairs.filter((a) => a.conjunctionEventId !== null).map((a) => a.seq), fleetPairs.filter((a) => a.pc >= 1e-6).map((a) => a.seq));
    assert.equal(run.view.eventCount, fleetPairs.filter((a) => a.pc >= 1e-6).length);
    console.log(`# all-vs-all: ${run.approaches.length} approaches (${catalogPairs.length} catalog pairs), ${run.view.eventCount} events`);
  });
});
