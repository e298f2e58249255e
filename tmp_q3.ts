import Database from 'libsql';
const db = new Database('/tmp/catq.db');
db.exec(`DROP INDEX catalog_objects_perigee; DROP INDEX catalog_objects_apogee;
CREATE INDEX catalog_objects_perigee ON catalog_objects(organization_id, perigee_km, norad_id);
CREATE INDEX catalog_objects_apogee ON catalog_objects(organization_id, apogee_km, norad_id);
CREATE INDEX catalog_objects_name ON catalog_objects(organization_id, name, norad_id);`);
const org = (db.prepare('SELECT organization_id FROM catalog_objects LIMIT 1').get([]) as { organization_id: string }).organization_id;
const page = (where: string, order: string, off: number) => `SELECT s.*, c.set_count FROM (SELECT o.norad_id FROM catalog_objects o WHERE ${where} ORDER BY ${order} LIMIT 100 OFFSET ${off}) k CROSS JOIN catalog_objects c ON c.organization_id = ? AND c.norad_id = k.norad_id CROSS JOIN catalog_element_sets s ON s.id = c.current_set_id ORDER BY ${order.replace(/o\./g, 'c.')}`;
const qs: Array<[string, string, unknown[]]> = [
  ['page perigee', page('o.organization_id = ? AND o.perigee_km >= ? AND o.perigee_km <= ?', 'o.norad_id ASC', 0), [org, 500, 600, org]],
  ['page 200', page('o.organization_id = ?', 'o.norad_id ASC', 19900), [org, org]],
  ['page apogee sort', page('o.organization_id = ? AND o.apogee_km >= ?', 'o.perigee_km ASC, o.norad_id ASC', 0), [org, 30000, org]],
  ['page name', page(`o.organization_id = ? AND o.name LIKE ? ESCAPE '\\'`, 'o.norad_id ASC', 0), [org, '%SYN 12%', org]],
  ['page rare name', page(`o.organization_id = ? AND o.name LIKE ? ESCAPE '\\'`, 'o.norad_id ASC', 0), [org, '%ZZZ%', org]],
  ['page rare name2', page(`o.organization_id = ? AND o.name LIKE ? ESCAPE '\\'`, 'o.name ASC, o.norad_id ASC', 0), [org, '%ZZZ%', org]],
  ['page rare perig', page('o.organization_id = ? AND o.perigee_km >= ? AND o.perigee_km <= ?', 'o.norad_id ASC', 0), [org, 500, 500.5, org]],
  ['page all', page(`o.organization_id = ?`, 'o.norad_id ASC', 0), [org, org]],
  ['count name', `SELECT COUNT(*) AS n FROM catalog_objects o WHERE o.organization_id = ? AND o.name LIKE ? ESCAPE '\\'`, [org, '%SYN 12%']],
  ['count perigee', `SELECT COUNT(*) AS n FROM catalog_objects o WHERE o.organization_id = ? AND o.perigee_km >= ? AND o.perigee_km <= ?`, [org, 500, 600]],
  ['count apogee', `SELECT COUNT(*) AS n FROM catalog_objects o WHERE o.organization_id = ? AND o.apogee_km >= ?`, [org, 30000]],
  ['count all', `SELECT COUNT(*) AS n FROM catalog_objects o WHERE o.organization_id = ?`, [org]],
];
for (const [label, sql, args] of qs) {
  const st = db.prepare(sql);
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(args).map((r: any) => r.detail).join(' | ');
  const times: number[] = [];
  for (let k = 0; k < 5; k++) { const t = performance.now(); st.all(args); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(18), times[2]!.toFixed(2), 'ms', '|', plan);
}
