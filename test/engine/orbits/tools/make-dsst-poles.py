#!/usr/bin/python3
"""Writes test/fixtures/dsst/earth_pole_gcrf.json: the ITRF Z axis expressed in GCRF at each epoch of
dsst_mean_zonal.json, from the shared astropy/erfa oracle (IERS 2010, IAU 2006/2000A, CIO based).
EOP are set to zero: no EOP table covers 2023 offline; polar motion (~0.3") moves the pole by ~1.5e-6 rad,
which changes the DSST mean elements by ~2 cm (the GCRF-vs-true pole difference of 2.3e-3 rad moves
them by 34 m). Run from the repository root."""
import json, subprocess, os
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.normpath(os.path.join(here, '../../../..'))
oracle = os.path.normpath(os.path.join(root, '../shared/oracle/frames.py'))
ref = json.load(open(os.path.join(root, 'test/fixtures/dsst/dsst_mean_zonal.json')))
poles = {}
for case in ref['results']:
    epoch = case['epoch_utc'] + 'Z'
    inp = {'epoch': epoch, 'from': 'ITRF', 'to': ['GCRF'], 'r': [0.0, 0.0, 1.0], 'v': [0.0, 0.0, 0.0], 'eop': 'zero'}
    out = json.loads(subprocess.run(['/usr/bin/python3', oracle, json.dumps(inp)], capture_output=True, text=True, check=True).stdout)
    poles[case['name']] = {'epoch_utc': epoch, 'itrf_z_in_gcrf': out['results']['GCRF']['r']}
json.dump({'source': 'shared oracle frames.py (ERFA, IAU 2006/2000A, eop zero), made by this project with '
           'test/engine/orbits/tools/make-dsst-poles.py', 'poles': poles}, open(os.path.join(root, 'test/fixtures/dsst/earth_pole_gcrf.json'), 'w'), indent=1)
