/**
 * The conjunction rules of domain/conjunctions: which event a CDM joins (grouping.ts), the risk level of a Pc and the
 * settings' consistency (settings.ts), the combined hard-body radius and its source (hardBodyRadius.ts). The rules
 * are the service's own (README → Conjunction assessment), so the cases are their edges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseEvent, growSpan, normalizedDesignator, normalizedInternationalDesignator, objectKey, pairKey, primaryObjectOf } from '../../../domain/conjunctions/grouping.ts';
import { DEFAULT_CONJUNCTION_SETTINGS, riskLevel, riskPcOf, settingsProblems } from '../../../domain/conjunctions/settings.ts';
import { resolveHardBodyRadius } from '../../../domain/conjunctions/hardBodyRadius.ts';
import { cdmHardBodyRadius } from '../../../engine/collision/cdmEncounter.ts';
import { parseCdm } from '../../../engine/files/cdm/cdmReader.ts';
import { fixture } from '../../engine/files/helpers.ts';

const identity = (designator: string, internationalDesignator = '', name = '') => ({ designator, catalogName: 'SATCAT', name, internationalDesignator });

test('object and pair keys: ours by id, others by catalog number (leading zeros dropped), else COSPAR id (any dash), else name; the pair in either order', () => {
  assert.equal(objectKey(identity('30337'), null), 'cat:30337');
  assert.equal(objectKey(identity('0030337'), null), 'cat:30337');
  assert.equal(objectKey(identity('30337'), 'craft-1'), 'sc:craft-1');
  assert.equal(objectKey(identity('', '1997−030E'), null), 'cospar:1997-030E');
  assert.equal(objectKey(identity('', '', ' Fengyun 1C DEB '), null), 'name:fengyun 1c deb');
  assert.equal(normalizedDesignator(' 000 '), '0');
  assert.equal(normalizedInternationalDesignator('1997\u2010030e'), '1997-030E');
  assert.equal(pairKey('sc:a', 'cat:1'), pairKey('cat:1', 'sc:a'));
  assert.notEqual(pairKey('sc:a', 'cat:1'), pairKey('sc:a', 'cat:2'));
});

test('a CDM joins the event whose TCA span widened by the window contains its TCA, the nearest of several; none → a new event', () => {
  const events = [
    { id: 'e1', firstTcaS: 1000, lastTcaS: 1100 },
    { id: 'e2', firstTcaS: 2000, lastTcaS: 2000 },
  ];
  assert.equal(chooseEvent(events, 1050, 600)?.id, 'e1', 'inside the span');
  assert.equal(chooseEvent(events, 400, 600)?.id, 'e1', 'exactly the window before the span');
  assert.equal(chooseEvent(events, 399.999, 600), null, 'just beyond the window: a new event');
  assert.equal(chooseEvent(events, 1700, 600)?.id, 'e2', 'in both widened spans: 300 s from e2, 600 s from e1');
  assert.equal(chooseEvent(events, 1550, 600)?.id, 'e1', 'tie (450 s each): the smaller id');
  assert.equal(chooseEvent([...events].reverse(), 1550, 600)?.id, 'e1', 'tie: the smaller id, whatever the order');
  assert.equal(chooseEvent(events, 2700, 600), null);
  assert.equal(chooseEvent([], 0, 600), null);
});

test('risk levels: HIGH at or above highPc, MEDIUM at or above mediumPc, LOW below, UNKNOWN without a Pc; a maximum probability never HIGH; thresholds must be ordered', () => {
  const t = DEFAULT_CONJUNCTION_SETTINGS.riskThresholds;
  const pcs = [1e-4, 0.99e-4, 1e-7, 0.99e-7, 0, 1, null];
  assert.deepEqual(pcs.map((pc) => riskLevel(riskPcOf({ pc, pcMethod: 'LAAS_2015', statedPc: null }), t)), ['HIGH', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW', 'HIGH', 'UNKNOWN']);
  // the CDM's stated Pc when we have none, by the same thresholds
  assert.deepEqual(pcs.map((pc) => riskLevel(riskPcOf({ pc: null, pcMethod: null, statedPc: pc }), t)), ['HIGH', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW', 'HIGH', 'UNKNOWN']);
  // an upper bound clears an event below mediumPc and is MEDIUM above it, however large
  const bounds = pcs.map((pc) => riskPcOf({ pc, pcMethod: 'ALFRIEND_1999_MAX', statedPc: 0.5 }));
  assert.deepEqual(bounds.map((r) => r.basis), ['MAXIMUM_PROBABILITY', 'MAXIMUM_PROBABILITY', 'MAXIMUM_PROBABILITY', 'MAXIMUM_PROBABILITY', 'MAXIMUM_PROBABILITY', 'MAXIMUM_PROBABILITY', 'STATED']);
  assert.deepEqual(bounds.map((r) => riskLevel(r, t)), ['MEDIUM', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW', 'MEDIUM', 'HIGH']);
  assert.deepEqual(settingsProblems({ ...DEFAULT_CONJUNCTION_SETTINGS }), {});
  assert.ok(settingsProblems({ ...DEFAULT_CONJUNCTION_SETTINGS, riskThresholds: { mediumPc: 1e-4, highPc: 1e-4 } })['riskThresholds.highPc']);
});

test('hard-body radius: the CDM’s when it gives any (as given, not topped up); else each object’s own or the default', () => {
  // Alfano case 01: "HBR = 15" on object 1 is the combined radius NASA CARA used
  const alfano = cdmHardBodyRadius(parseCdm(fixture('cdm', 'AlfanoTestCase01.cdm')));
  const fromCdm = resolveHardBodyRadius(alfano, [{ spacecraftId: 'ours', hardBodyRadiusM: 2 }, { spacecraftId: null, hardBodyRadiusM: null }], 5);
  assert.equal(fromCdm.combinedM, 15);
  assert.equal(fromCdm.source, 'CDM');
  assert.deepEqual(fromCdm.objects, [{ object: 'OBJECT1', radiusM: 15, source: 'COMMENT_HBR' }, null]);
  // a relative-metadata comment: R only
  const relative = resolveHardBodyRadius({ combinedM: 12, origin: 'RELATIVE_METADATA_COMMENT', objects: [null, null], description: '12 m' }, [{ spacecraftId: 'ours', hardBodyRadiusM: 2 }, { spacecraftId: null, hardBodyRadiusM: null }], 5);
  assert.deepEqual([relative.combinedM, relative.objects], [12, [null, null]]);
  // no radius in the CDM (CDMExample1)
  assert.equal(cdmHardBodyRadius(parseCdm(fixture('cdm', 'CDMExample1.txt'))), null);
  const own = resolveHardBodyRadius(null, [{ spacecraftId: 'ours', spacecraftName: 'SAT', hardBodyRadiusM: 1.5 }, { spacecraftId: null, hardBodyRadiusM: null }], 5);
  assert.equal(own.combinedM, 6.5);
  assert.equal(own.source, 'SPACECRAFT_AND_DEFAULT');
  assert.deepEqual(own.objects.map((o) => o?.source), ['SPACECRAFT', 'ORGANIZATION_DEFAULT']);
  assert.match(own.description, /OBJECT1 \(our spacecraft SAT\) 1\.5 m \(its hardBodyRadiusM\) \+ OBJECT2 \(other object\) 5 m \(organization default\)/);
  // ours without a radius, and both ours
  assert.equal(resolveHardBodyRadius(null, [{ spacecraftId: 'a', hardBodyRadiusM: null }, { spacecraftId: null, hardBodyRadiusM: null }], 5).combinedM, 10);
  assert.equal(resolveHardBodyRadius(null, [{ spacecraftId: 'a', hardBodyRadiusM: 1 }, { spacecraftId: 'b', hardBodyRadiusM: 2 }], 5).combinedM, 3);
});

test('an event grows to the CDMs that join it; its primary is the CDM object that is the event’s craft, else our first', () => {
  const event = { id: 'e', firstTcaS: 1000, lastTcaS: 1000 };
  growSpan(event, 1300);
  growSpan(event, 900);
  growSpan(event, 1100);
  assert.deepEqual([event.firstTcaS, event.lastTcaS], [900, 1300]);
  // the CDM that joins after the first shifts the window: a TCA 1300 + window later now joins
  assert.equal(chooseEvent([event], 1300 + 600, 600), event);

  assert.equal(primaryObjectOf(['sc-a', null], 'sc-a'), 1);
  assert.equal(primaryObjectOf([null, 'sc-a'], 'sc-a'), 2, 'our craft named OBJECT2');
  assert.equal(primaryObjectOf(['sc-b', 'sc-a'], 'sc-a'), 2, 'two of ours: the event’s own craft');
  assert.equal(primaryObjectOf(['sc-b', null], 'sc-a'), 1, 'the event’s craft absent: our first object');
  assert.equal(primaryObjectOf([null, 'sc-b'], 'sc-a'), 2);
});
