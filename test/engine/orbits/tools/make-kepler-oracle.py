#!/usr/bin/python3
"""Regenerates test/engine/orbits/kepler-oracle.json with the project's astropy/ERFA oracle (its kepler.py, found beside the
repository: ORACLE below).

Run from the repository root: /usr/bin/python3 test/engine/orbits/tools/make-kepler-oracle.py
Random but seeded cases: elliptic (incl. near-circular, near-equatorial, high e), hyperbolic, and
Cartesian states; each answered by the oracle both ways.
"""
import json, random, subprocess, sys, os

ORACLE = os.path.join(os.path.dirname(__file__), '../../../../../shared/oracle/kepler.py')
ORACLE = os.path.normpath(os.path.abspath(ORACLE))
rng = random.Random(20260721)

def oracle(inp):
    out = subprocess.run(['/usr/bin/python3', ORACLE, json.dumps(inp)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)

cases = []
def add(name, elements):
    res = oracle({'elements': elements})
    back = oracle({'r': res['r'], 'v': res['v']})
    cases.append({'name': name, 'elements_in': elements, 'cartesian': {'r': res['r'], 'v': res['v']}, 'elements_out': back['elements']})

for k in range(12):
    add(f'elliptic_{k}', {'a': rng.uniform(6600, 45000), 'e': rng.uniform(0.0, 0.9), 'i': rng.uniform(1, 179),
                           'raan': rng.uniform(0, 360), 'argp': rng.uniform(0, 360), 'M': rng.uniform(0, 360)})
for k in range(4):
    add(f'high_e_{k}', {'a': rng.uniform(20000, 90000), 'e': rng.uniform(0.9, 0.99), 'i': rng.uniform(1, 179),
                         'raan': rng.uniform(0, 360), 'argp': rng.uniform(0, 360), 'M': rng.uniform(0, 360)})
for k in range(4):
    add(f'near_circular_{k}', {'a': rng.uniform(6700, 8000), 'e': 10 ** rng.uniform(-9, -5), 'i': rng.uniform(20, 100),
                                'raan': rng.uniform(0, 360), 'argp': rng.uniform(0, 360), 'nu': rng.uniform(0, 360)})
for k in range(3):
    add(f'near_equatorial_{k}', {'a': rng.uniform(7000, 42200), 'e': rng.uniform(0.001, 0.2), 'i': 10 ** rng.uniform(-6, -3),
                                  'raan': rng.uniform(0, 360), 'argp': rng.uniform(0, 360), 'E': rng.uniform(0, 360)})
for k in range(4):
    add(f'hyperbolic_{k}', {'a': -rng.uniform(8000, 60000), 'e': rng.uniform(1.05, 3.0), 'i': rng.uniform(1, 179),
                             'raan': rng.uniform(0, 360), 'argp': rng.uniform(0, 360), 'nu': rng.uniform(-60, 60)})
json.dump({'source': 'generated with ../shared/oracle/kepler.py (Debian astropy/erfa stack), mu 398600.4418 km^3/s^2; '
           'made by this project, see tools/make-kepler-oracle.py', 'mu': 398600.4418, 'cases': cases},
          sys.stdout, indent=1)
