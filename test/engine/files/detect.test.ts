import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { detectFormat } from '../../../engine/files/common/detectFormat.ts';
import { fixture, fixtureNames } from './helpers.ts';

test('detectFormat recognizes every sample from its content', () => {
  const kinds: Record<string, string> = { cdm: 'CDM', ocm: 'OCM', oem: 'OEM', opm: 'OPM', tdm: 'TDM', sp3: 'SP3' };
  for (const [directory, format] of Object.entries(kinds)) {
    for (const name of fixtureNames(directory)) {
      const expected = name === 'TDM-external-doctype.xml' || name === 'unsupported-version.sp3' ? 'unknown' : format;
      assert.equal(detectFormat(fixture(directory, name).slice(0, 4096)), expected, `${directory}/${name}`);
    }
  }
});

test('detectFormat: NDM wrapper, namespaces, BOM, junk', () => {
  assert.equal(detectFormat('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<ndm>\n<COMMENT>c</COMMENT>\n<tdm id="CCSDS_TDM_VERS" version="2.0">'), 'TDM');
  assert.equal(detectFormat('<ccsds:opm xmlns:ccsds="urn:x" version="3.0">'), 'OPM');
  assert.equal(detectFormat('\n\n  CCSDS_OCM_VERS = 3.0\n'), 'OCM');
  assert.equal(detectFormat('COMMENT hi\nCCSDS_OEM_VERS = 2.0'), 'unknown');
  assert.equal(detectFormat('#dV2020  1  1  0  0  0.00000000'), 'SP3');
  assert.equal(detectFormat('<html><body>'), 'unknown');
  assert.equal(detectFormat(''), 'unknown');
  assert.equal(detectFormat('1 25544U 98067A   08264.51782528'), 'unknown');
});

test('detectFormat: OMM (KVN, CelesTrak and Space-Track XML) and TLE/3LE catalogs', () => {
  const catalog = (name: string): string => readFileSync(new URL(`../../fixtures/conjunction/catalog/${name}`, import.meta.url), 'utf8').slice(0, 4096);
  assert.equal(detectFormat(catalog('sample-celestrak.xml')), 'OMM');
  assert.equal(detectFormat(catalog('sample-spacetrack.kvn')), 'OMM');
  assert.equal(detectFormat(catalog('sample.3le')), 'TLE');
  const lines = catalog('sample.3le').split('\n');
  assert.equal(detectFormat(`${lines[1]}\n${lines[2]}\n`), 'TLE');
  assert.equal(detectFormat(`${lines[1]}\nnot a line 2\n`), 'unknown');
});
