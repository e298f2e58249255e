/**
 * The sky plot of one pass: the station's sky as a polar azimuth/elevation chart (zenith at the centre, the horizon
 * on the rim, north up and azimuth clockwise, east to the right, as GNSS and pass-prediction sky plots draw it), the
 * region below the station's mask shaded, the spacecraft's track with AOS, maximum and LOS marked. Radius is linear
 * in zenith distance (90° − elevation).
 */
import { escapeXmlDisplayText } from '../../engine/files/common/xmlWriter.ts';

export interface PassSkyInput {
  title: string;
  subtitle: string;
  /** The station's elevation mask (deg): the sky below it is shaded. */
  maskDeg: number;
  /** The pass's elevation threshold (mask or a higher requested minimum): a dashed ring. */
  thresholdDeg: number;
  track: { azimuthDeg: number[]; elevationDeg: number[] };
  aos: { label: string; azimuthDeg: number; elevationDeg: number } | null;
  maximum: { label: string; azimuthDeg: number; elevationDeg: number };
  los: { label: string; azimuthDeg: number; elevationDeg: number } | null;
}

const SIZE = 560;
const CENTRE_X = SIZE / 2;
const CENTRE_Y = 300;
const RADIUS = 220;

/** Chart coordinates of a direction: radius ∝ zenith distance, azimuth from north (up) towards east (right). */
export function skyPoint(azimuthDeg: number, elevationDeg: number): [number, number] {
  const r = (RADIUS * (90 - Math.max(-90, Math.min(90, elevationDeg)))) / 90;
  const a = (azimuthDeg * Math.PI) / 180;
  return [CENTRE_X + r * Math.sin(a), CENTRE_Y - r * Math.cos(a)];
}

const f = (v: number) => v.toFixed(1);

export function passSkySvg(input: PassSkyInput): string {
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE + 60}" viewBox="0 0 ${SIZE} ${SIZE + 60}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="16" font-weight="bold">${escapeXmlDisplayText(input.title)}</text>`,
    `<text x="16" y="44" fill="#444">${escapeXmlDisplayText(input.subtitle)}</text>`,
  );
  // Below the mask: a ring from the mask circle to the horizon.
  const maskR = (RADIUS * (90 - input.maskDeg)) / 90;
  if (input.maskDeg > 0) {
    out.push(
      `<path class="mask" fill="#d9d9d9" fill-rule="evenodd" d="M ${CENTRE_X - RADIUS} ${CENTRE_Y} a ${RADIUS} ${RADIUS} 0 1 0 ${2 * RADIUS} 0 a ${RADIUS} ${RADIUS} 0 1 0 ${-2 * RADIUS} 0 Z ` +
        `M ${f(CENTRE_X - maskR)} ${CENTRE_Y} a ${f(maskR)} ${f(maskR)} 0 1 0 ${f(2 * maskR)} 0 a ${f(maskR)} ${f(maskR)} 0 1 0 ${f(-2 * maskR)} 0 Z"/>`,
    );
  }
  for (const el of [0, 30, 60]) {
    const r = (RADIUS * (90 - el)) / 90;
    out.push(`<circle cx="${CENTRE_X}" cy="${CENTRE_Y}" r="${f(r)}" fill="none" stroke="#888" stroke-width="${el === 0 ? 1.5 : 0.7}"/>`);
    out.push(`<text x="${CENTRE_X + 3}" y="${f(CENTRE_Y - r - 3)}" fill="#666" font-size="10">${el}°</text>`);
  }
  if (input.thresholdDeg !== input.maskDeg) {
    const r = (RADIUS * (90 - input.thresholdDeg)) / 90;
    out.push(`<circle class="threshold" cx="${CENTRE_X}" cy="${CENTRE_Y}" r="${f(r)}" fill="none" stroke="#555" stroke-dasharray="5 4"/>`);
  }
  for (const [az, label] of [[0, 'N'], [90, 'E'], [180, 'S'], [270, 'W']] as const) {
    const [x, y] = skyPoint(az, 0);
    const [lx, ly] = skyPoint(az, -8);
    out.push(`<line x1="${CENTRE_X}" y1="${CENTRE_Y}" x2="${f(x)}" y2="${f(y)}" stroke="#bbb" stroke-width="0.7"/>`);
    out.push(`<text x="${f(lx)}" y="${f(ly + 4)}" text-anchor="middle" font-weight="bold">${label}</text>`);
  }
  const points = input.track.azimuthDeg.map((az, i) => skyPoint(az, input.track.elevationDeg[i]!));
  out.push(`<polyline class="track" fill="none" stroke="#1f77b4" stroke-width="2.5" points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"/>`);
  const marker = (cls: string, colour: string, p: { label: string; azimuthDeg: number; elevationDeg: number }) => {
    const [x, y] = skyPoint(p.azimuthDeg, p.elevationDeg);
    out.push(`<circle class="${cls}" cx="${f(x)}" cy="${f(y)}" r="6" fill="${colour}" stroke="#000" stroke-width="0.8"/>`);
    out.push(`<text x="${f(x + 9)}" y="${f(y - 8)}" font-size="11">${escapeXmlDisplayText(p.label)}</text>`);
  };
  if (input.aos) marker('aos', '#2ca02c', input.aos);
  marker('maximum', '#ff7f0e', input.maximum);
  if (input.los) marker('los', '#d62728', input.los);
  out.push(
    `<text x="16" y="${SIZE + 40}" fill="#444" font-size="11">Centre: zenith; rim: horizon; radius linear in zenith distance. Shaded: below the station mask (${input.maskDeg}°).</text>`,
    '</svg>',
  );
  return out.join('\n') + '\n';
}
