/**
 * Dormand–Prince 8(5,3) embedded Runge–Kutta integrator with 7th-order dense output and event detection.
 *
 * Method: J. R. Dormand and P. J. Prince, "A family of embedded Runge-Kutta formulae", J. Comp. Appl. Math. 6
 * (1980); the 8(5,3) pair and its dense output as published by E. Hairer, S. P. Nørsett and G. Wanner, "Solving
 * Ordinary Differential Equations I", 2nd ed., Springer 1993, §II.5 and §II.6, and in Hairer's reference code
 * `dop853.f` (the coefficients below are those of `dop853.f`, also used by Hipparchus `DormandPrince853Integrator`).
 *
 * Error control (Hairer eq. II.4.11 as implemented in dop853.f and Hipparchus): with sk = atol_i + rtol_i·max(|y0|,|y1|)
 *   err = |h|·Σ(e5_i/sk)² / sqrt(n·(Σ(e5_i/sk)² + 0.01·Σ(e3_i/sk)²))
 * over the first `errorDimension` components only (like Orekit, the variational equations do not drive the step).
 * Step factor: min(10, max(0.2, 0.9·err^(−1/8))).
 *
 * Dense output: Hairer's continuous extension of order 7 (three extra stages, evaluated lazily only when a step is
 * actually interpolated). Output points are produced by interpolation; steps are never shortened to hit them.
 *
 * Events: g functions are sampled at the step end and at `maxCheckS` sub-intervals on the dense output; a sign change
 * is located with the Illinois variant of regula falsi to `thresholdS`. A `RESET_DERIVATIVES` or `STOP` event ends the
 * step at the event time (the state there comes from the dense output, as in Hipparchus), which is how
 * discontinuities in the force model (shadow boundaries) are handled. Every other detector whose g has changed sign
 * by the event time (a simultaneous root, within the root-finding threshold) is processed at the same time, and
 * the most severe action wins (STOP over RESET_DERIVATIVES over CONTINUE); at the restart each g is kept on the side
 * it had at the cut, so no crossing is found twice or lost.
 *
 * The integrator owns all its scratch arrays; the step loop does not allocate.
 */
import { StepSizeUnderflowError } from '../forces/errors.ts';

/** A first-order ODE system y' = f(t, y). */
export interface OdeSystem {
  readonly dimension: number;
  computeDerivatives(t: number, y: Float64Array, yDot: Float64Array): void;
}

export type EventAction = 'CONTINUE' | 'RESET_DERIVATIVES' | 'STOP';

/** A switching function g(t, y) whose zero crossings are events. */
export interface EventDetector {
  /** Largest time interval (s) over which g is assumed to change sign at most once. */
  readonly maxCheckS: number;
  /** Optional state-dependent check interval (s), like Hipparchus' `AdaptableInterval`; overrides maxCheckS. */
  maxCheckAt?(t: number, y: Float64Array): number;
  /** Convergence threshold on the event time (s). */
  readonly thresholdS: number;
  g(t: number, y: Float64Array): number;
  /** Called once per located event; returns what the integrator must do. */
  onEvent(t: number, y: Float64Array, increasing: boolean): EventAction;
}

/** Dense output of the current step; valid during a step-handler call only. */
export interface StepInterpolator {
  readonly tStart: number;
  readonly tEnd: number;
  /** Fills `out` (length ≥ dimension) with y(t), t within [tStart, tEnd]. */
  interpolate(t: number, out: Float64Array): void;
  /**
   * Copies the step's continuous extension for components [0, count) so it can be evaluated after the step
   * (`evaluateDenseStep`): out[offset..] = tOld, h, then the 8 coefficient vectors of Hairer's CONTD8, `count` each,
   * each multiplied by `scale` (the polynomial is linear in them: a unit change). DENSE_STEP_HEADER + 8·count values.
   */
  copyDenseStep(count: number, scale: number, out: Float64Array, offset: number): void;
}

/** Values before the coefficients in a `copyDenseStep` record (tOld, h). */
export const DENSE_STEP_HEADER = 2;

/**
 * y(t) from a step copied by `copyDenseStep` (Hairer's CONTD8, the same polynomial `interpolate` evaluates) into
 * out[0..count): s = (t − tOld)/h, y = r1 + s(r2 + (1−s)(r3 + s(r4 + (1−s)(r5 + s(r6 + (1−s)(r7 + s·r8)))))).
 */
export function evaluateDenseStep(step: Float64Array, offset: number, count: number, t: number, out: Float64Array): void {
  const s = (t - step[offset]!) / step[offset + 1]!;
  const s1 = 1 - s;
  const c = offset + DENSE_STEP_HEADER;
  for (let i = 0; i < count; i++) {
    const conpar = step[c + 4 * count + i]! + s * (step[c + 5 * count + i]! + s1 * (step[c + 6 * count + i]! + s * step[c + 7 * count + i]!));
    out[i] = step[c + i]! + s * (step[c + count + i]! + s1 * (step[c + 2 * count + i]! + s * (step[c + 3 * count + i]! + s1 * conpar)));
  }
}

/** Receives every accepted (possibly event-truncated) step. */
export type StepHandler = (interpolator: StepInterpolator, isLast: boolean) => void;

export interface Dop853Settings {
  readonly minStepS: number;
  readonly maxStepS: number;
  /** First trial step magnitude (s); when ≤ 0 Hairer's starting-step heuristic is used. */
  readonly initialStepS: number;
  readonly absTol: Float64Array;
  readonly relTol: Float64Array;
  /** Number of leading components used in the error norm (defaults to the whole state). */
  readonly errorDimension?: number;
}

export interface IntegrationResult {
  readonly t: number;
  readonly stoppedByEvent: boolean;
  readonly steps: number;
  readonly rejectedSteps: number;
  readonly evaluations: number;
  /** Signed magnitude of the last step size suggestion, useful to continue a split integration. */
  readonly nextStep: number;
}

// ---- Hairer dop853.f coefficients -------------------------------------------------------------------------------
const C2 = 0.526001519587677318785587544488e-1;
const C3 = 0.789002279381515978178381316732e-1;
const C4 = 0.118350341907227396726757197510;
const C5 = 0.281649658092772603273242802490;
const C6 = 0.333333333333333333333333333333;
const C7 = 0.25;
const C8 = 0.307692307692307692307692307692;
const C9 = 0.651282051282051282051282051282;
const C10 = 0.6;
const C11 = 0.857142857142857142857142857142;
const C14 = 0.1;
const C15 = 0.2;
const C16 = 0.777777777777777777777777777778;

const A21 = 5.26001519587677318785587544488e-2;
const A31 = 1.97250569845378994544595329183e-2;
const A32 = 5.91751709536136983633785987549e-2;
const A41 = 2.95875854768068491816892993775e-2;
const A43 = 8.87627564304205475450678981324e-2;
const A51 = 2.41365134159266685502369798665e-1;
const A53 = -8.84549479328286085344864962717e-1;
const A54 = 9.24834003261792003115737966543e-1;
const A61 = 3.7037037037037037037037037037e-2;
const A64 = 1.70828608729473871279604482173e-1;
const A65 = 1.25467687566822425016691814123e-1;
const A71 = 3.7109375e-2;
const A74 = 1.70252211019544039314978060272e-1;
const A75 = 6.02165389804559606850219397283e-2;
const A76 = -1.7578125e-2;
const A81 = 3.70920001185047927108779319836e-2;
const A84 = 1.70383925712239993810214054705e-1;
const A85 = 1.07262030446373284651809199168e-1;
const A86 = -1.53194377486244017527936158236e-2;
const A87 = 8.27378916381402288758473766002e-3;
const A91 = 6.24110958716075717114429577812e-1;
const A94 = -3.36089262944694129406857109825;
const A95 = -8.68219346841726006818189891453e-1;
const A96 = 2.75920996994467083049415600797e1;
const A97 = 2.01540675504778934086186788979e1;
const A98 = -4.34898841810699588477366255144e1;
const A101 = 4.77662536438264365890433908527e-1;
const A104 = -2.48811461997166764192642586468;
const A105 = -5.90290826836842996371446475743e-1;
const A106 = 2.12300514481811942347288949897e1;
const A107 = 1.52792336328824235832596922938e1;
const A108 = -3.32882109689848629194453265587e1;
const A109 = -2.03312017085086261358222928593e-2;
const A111 = -9.3714243008598732571704021658e-1;
const A114 = 5.18637242884406370830023853209;
const A115 = 1.09143734899672957818500254654;
const A116 = -8.14978701074692612513997267357;
const A117 = -1.85200656599969598641566180701e1;
const A118 = 2.27394870993505042818970056734e1;
const A119 = 2.49360555267965238987089396762;
const A1110 = -3.0467644718982195003823669022;
const A121 = 2.27331014751653820792359768449;
const A124 = -1.05344954667372501984066689879e1;
const A125 = -2.00087205822486249909675718444;
const A126 = -1.79589318631187989172765950534e1;
const A127 = 2.79488845294199600508499808837e1;
const A128 = -2.85899827713502369474065508674;
const A129 = -8.87285693353062954433549289258;
const A1210 = 1.23605671757943030647266201528e1;
const A1211 = 6.43392746015763530355970484046e-1;

// 8th-order weights (row 13 of the extended tableau)
const B1 = 5.42937341165687622380535766363e-2;
const B6 = 4.45031289275240888144113950566;
const B7 = 1.89151789931450038304281599044;
const B8 = -5.8012039600105847814672114227;
const B9 = 3.1116436695781989440891606237e-1;
const B10 = -1.52160949662516078556178806805e-1;
const B11 = 2.01365400804030348374776537501e-1;
const B12 = 4.47106157277725905176885569043e-2;

// Error estimators: 3rd-order (b − bhh) and 5th-order (er) of dop853.f
const BHH1 = 0.244094488188976377952755905512;
const BHH2 = 0.733846688281611857341361741547;
const BHH3 = 0.220588235294117647058823529412e-1;
const E3_1 = B1 - BHH1;
const E3_9 = B9 - BHH2;
const E3_12 = B12 - BHH3;
const ER1 = 0.1312004499419488073250102996e-1;
const ER6 = -0.1225156446376204440720569753e1;
const ER7 = -0.4957589496572501915214079952;
const ER8 = 0.1664377182454986536961530415e1;
const ER9 = -0.3503288487499736816886487290;
const ER10 = 0.3341791187130174790297318841;
const ER11 = 0.8192320648511571246570742613e-1;
const ER12 = -0.2235530786388629525884427845e-1;

// Extra stages of the dense output
const A141 = 5.61675022830479523392909219681e-2;
const A147 = 2.53500210216624811088794765333e-1;
const A148 = -2.46239037470802489917441475441e-1;
const A149 = -1.24191423263816360469010140626e-1;
const A1410 = 1.5329179827876569731206322685e-1;
const A1411 = 8.20105229563468988491666602057e-3;
const A1412 = 7.56789766054569976138603589584e-3;
const A1413 = -8.298e-3;
const A151 = 3.18346481635021405060768473261e-2;
const A156 = 2.83009096723667755288322961402e-2;
const A157 = 5.35419883074385676223797384372e-2;
const A158 = -5.49237485713909884646569340306e-2;
const A1511 = -1.08347328697249322858509316994e-4;
const A1512 = 3.82571090835658412954920192323e-4;
const A1513 = -3.40465008687404560802977114492e-4;
const A1514 = 1.41312443674632500278074618366e-1;
const A161 = -4.28896301583791923408573538692e-1;
const A166 = -4.69762141536116384314449447206;
const A167 = 7.68342119606259904184240953878;
const A168 = 4.06898981839711007970213554331;
const A169 = 3.56727187455281109270669543021e-1;
const A1613 = -1.39902416515901462129418009734e-3;
const A1614 = 2.9475147891527723389556272149;
const A1615 = -9.15095847217987001081870187138;

// Dense output coefficients d4x..d7x (dop853.f), stage order 1,6..16 (13 = f at the step end)
const D41 = -0.84289382761090128651353491142e1;
const D46 = 0.56671495351937776962531783590;
const D47 = -0.30689499459498916912797304727e1;
const D48 = 0.23846676565120698287728149680e1;
const D49 = 0.21170345824450282767155149946e1;
const D410 = -0.87139158377797299206789907490;
const D411 = 0.22404374302607882758541771650e1;
const D412 = 0.63157877876946881815570249290;
const D413 = -0.88990336451333310820698117400e-1;
const D414 = 0.18148505520854727256656404962e2;
const D415 = -0.91946323924783554000451984436e1;
const D416 = -0.44360363875948939664310572000e1;
const D51 = 0.10427508642579134603413151009e2;
const D56 = 0.24228349177525818288430175319e3;
const D57 = 0.16520045171727028198505394887e3;
const D58 = -0.37454675472269020279518312152e3;
const D59 = -0.22113666853125306036270938578e2;
const D510 = 0.77334326684722638389603898808e1;
const D511 = -0.30674084731089398182061213626e2;
const D512 = -0.93321305264302278729567221706e1;
const D513 = 0.15697238121770843886131091075e2;
const D514 = -0.31139403219565177677282850411e2;
const D515 = -0.93529243588444783865713862664e1;
const D516 = 0.35816841486394083752465898540e2;
const D61 = 0.19985053242002433820987653617e2;
const D66 = -0.38703730874935176555105901742e3;
const D67 = -0.18917813819516756882830838328e3;
const D68 = 0.52780815920542364900561016686e3;
const D69 = -0.11573902539959630126141871134e2;
const D610 = 0.68812326946963000169666922661e1;
const D611 = -0.10006050966910838403183860980e1;
const D612 = 0.77771377980534432092869265740;
const D613 = -0.27782057523535084065932004339e1;
const D614 = -0.60196695231264120758267380846e2;
const D615 = 0.84320405506677161018159903784e2;
const D616 = 0.11992291136182789328035130030e2;
const D71 = -0.25693933462703749003312586129e2;
const D76 = -0.15418974869023643374053993627e3;
const D77 = -0.23152937917604549567536039109e3;
const D78 = 0.35763911791061412378285349910e3;
const D79 = 0.93405324183624310003907691704e2;
const D710 = -0.37458323136451633156875139351e2;
const D711 = 0.10409964950896230045147246184e3;
const D712 = 0.29840293426660503123344363579e2;
const D713 = -0.43533456590011143754432175058e2;
const D714 = 0.96324553959188282948394950600e2;
const D715 = -0.39177261675615439165231486172e2;
const D716 = -0.14972683625798562581422125276e3;

/**
 * Bounds on the local error of one DP853 step across a discontinuity of a second-order system r'' = a (integrated as
 * y = [r, v], y' = [v, a]), which the error estimate of the method, built for a smooth right-hand side, does not
 * reliably see. For a step of length H containing, anywhere inside it, a jump Δa of a:
 *   |δv| ≤ JUMP_VELOCITY·|Δa|·H,   |δr| ≤ JUMP_POSITION·|Δa|·H²;
 * a jump Δȧ of da/dt (a kink of a):
 *   |δv| ≤ KINK_VELOCITY·|Δȧ|·H²,  |δr| ≤ KINK_POSITION·|Δȧ|·H³.
 * The constants are the largest errors of one step of r'' = step(t − θ) and r'' = max(0, t − θ) over the position θ
 * of the discontinuity in (0, 1) (4.19, 2.82, 0.0774, 0.0553, near θ = 1/3 and 0.31), rounded up; the scan is
 * repeated in test/engine/propagation/dop853Discontinuity.test.ts. They decide which force-model discontinuities
 * must end a step (propagator.ts, Harris–Priester nodes) and which one step may simply cross.
 */
export const DISCONTINUITY_ERROR = { jumpVelocity: 4.3, jumpPosition: 2.9, kinkVelocity: 0.08, kinkPosition: 0.06 } as const;

const SAFETY = 0.9;
const MIN_REDUCTION = 0.2;
const MAX_GROWTH = 10;
const EXPONENT = -1 / 8;

interface EventState {
  detector: EventDetector;
  gPrev: number; // g at the start of the current step (never 0 after the first step: zeros get the side they lead to)
  tSearch: number; // start of the remaining search interval within the step
  gSearch: number;
  gCut: number; // g on the dense output where a step-ending event cut the step, on the post-event side when it fired
}

/**
 * One integrator instance per ODE system; reusable for several `integrate` calls (not re-entrant).
 */
export class Dop853Integrator implements StepInterpolator {
  private readonly sys: OdeSystem;
  private readonly n: number;
  private readonly nErr: number;
  private readonly settings: Dop853Settings;
  private readonly k: Float64Array[]; // k[0..15]: stage derivatives; k[12] = f(t+h, y1)
  private readonly y0: Float64Array;
  private readonly y1: Float64Array;
  private readonly yTmp: Float64Array;
  private readonly yEvt: Float64Array;
  private readonly rc: Float64Array[]; // dense-output coefficient vectors rcont1..rcont8
  private evaluations = 0;

  // interpolator state
  private tOld = 0;
  private hStep = 0;
  private denseReady = false;
  private tInterpStart = 0;
  private tInterpEnd = 0;
  private events: EventState[] = [];

  constructor(system: OdeSystem, settings: Dop853Settings) {
    this.sys = system;
    this.n = system.dimension;
    this.nErr = settings.errorDimension ?? system.dimension;
    this.settings = settings;
    if (settings.absTol.length < this.nErr || settings.relTol.length < this.nErr) {
      throw new RangeError('tolerance vectors shorter than the error dimension');
    }
    const n = this.n;
    this.k = Array.from({ length: 16 }, () => new Float64Array(n));
    this.y0 = new Float64Array(n);
    this.y1 = new Float64Array(n);
    this.yTmp = new Float64Array(n);
    this.yEvt = new Float64Array(n);
    this.rc = Array.from({ length: 8 }, () => new Float64Array(n));
  }

  get tStart(): number {
    return this.tInterpStart;
  }

  get tEnd(): number {
    return this.tInterpEnd;
  }

  /** Total derivative evaluations since construction. */
  get evaluationCount(): number {
    return this.evaluations;
  }

  /**
   * Integrates from (t0, y0) to tEnd (either direction). `y` is updated in place with the final state.
   * `hInitial` (signed or not) overrides the settings' initial step for this call (used to continue after a restart).
   */
  integrate(
    t0: number,
    y: Float64Array,
    tEnd: number,
    handler: StepHandler | null,
    events: readonly EventDetector[] = [],
    hInitial = 0,
  ): IntegrationResult {
    const n = this.n;
    const k = this.k;
    const k1 = k[0]!;
    const y0 = this.y0;
    const y1 = this.y1;
    const yT = this.yTmp;
    const forward = tEnd >= t0;
    const sign = forward ? 1 : -1;
    const { minStepS, maxStepS } = this.settings;
    const evalBefore = this.evaluations;
    let steps = 0;
    let rejected = 0;

    y0.set(y.subarray(0, n));
    let t = t0;
    this.eval(t, y0, k1);

    this.events = events.map((d) => { const g = d.g(t, y0); return { detector: d, gPrev: g, tSearch: t, gSearch: g, gCut: g }; });

    if (t0 === tEnd) {
      return { t, stoppedByEvent: false, steps: 0, rejectedSteps: 0, evaluations: this.evaluations - evalBefore, nextStep: hInitial };
    }

    let h = Math.abs(hInitial) > 0 ? Math.abs(hInitial) : this.settings.initialStepS > 0 ? this.settings.initialStepS : this.startingStep(t, forward);
    h = Math.min(Math.max(h, minStepS), maxStepS) * sign;

    let stopped = false;
    let last = false;
    while (!last) {
      // ---- attempt a step, shrinking on rejection ----
      let err: number;
      for (;;) {
        const remaining = tEnd - t;
        if ((forward && t + h >= tEnd) || (!forward && t + h <= tEnd) || Math.abs(remaining - h) < 1e-12 * Math.max(1, Math.abs(tEnd))) {
          h = remaining;
          last = true;
        } else {
          last = false;
        }
        err = this.trialStep(t, h);
        if (err <= 1) break;
        rejected++;
        // a non-finite error (the trial stages ran into a singularity) must shrink the step, not turn it into NaN
        const fac = err < Number.POSITIVE_INFINITY ? Math.max(MIN_REDUCTION, SAFETY * Math.pow(err, EXPONENT)) : MIN_REDUCTION;
        const hNew = h * fac;
        if (Math.abs(hNew) < minStepS) {
          throw new StepSizeUnderflowError(t, Math.abs(hNew), minStepS);
        }
        h = hNew;
      }
      steps++;
      const tNew = t + h;
      // FSAL: k[12] = f(tNew, y1)
      this.eval(tNew, y1, k[12]!);

      this.tOld = t;
      this.hStep = h;
      this.denseReady = false;
      this.tInterpStart = t;
      this.tInterpEnd = tNew;

      // ---- events ----
      let stepEnd = tNew;
      let action: EventAction = 'CONTINUE';
      if (this.events.length > 0) {
        const found = this.findEvents(t, tNew, forward);
        if (found !== null) {
          stepEnd = found.t;
          action = found.action;
        }
      }

      if (stepEnd !== tNew) {
        // truncated step: state at the event comes from the dense output
        this.tInterpEnd = stepEnd;
        const isLast = action === 'STOP';
        if (handler) handler(this, isLast);
        this.interpolate(stepEnd, yT);
        // The accepted step crossed the discontinuity, so its polynomial is least accurate right there. Redo the
        // smooth part [t, t_event] as one step (y0 and k1 are untouched) and keep it when its error is within
        // tolerance; otherwise keep the interpolated state (what Hipparchus does in every case).
        if (stepEnd !== t && this.trialStep(t, stepEnd - t) <= 1) yT.set(y1);
        t = stepEnd;
        y0.set(yT);
        if (action === 'STOP') {
          stopped = true;
          last = true;
          break;
        }
        // RESET_DERIVATIVES: restart from the event with fresh derivatives
        this.eval(t, y0, k1);
        // The restart state (re-integrated) differs from the dense-output state at the cut by the local error, so a g
        // that is ~0 there may have either sign here. Keep every g on the side it had at the cut: the events that
        // fired stay behind us (not found again immediately), and a crossing that had not happened yet at the cut
        // stays ahead (a g already past its root would otherwise be taken as the start value and the crossing lost;
        // with ±MIN_VALUE the next step locates it at the restart time).
        for (const es of this.events) {
          const g = es.detector.g(t, y0);
          const gc = es.gCut;
          es.gPrev = gc === 0 || (g !== 0 && (g > 0) === (gc > 0)) ? g : gc > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
        }
        last = false;
        // keep the step size that was accepted (bounded)
        h = Math.min(Math.max(Math.abs(h), minStepS), maxStepS) * sign;
        continue;
      }

      if (handler) handler(this, last);
      t = tNew;
      y0.set(y1);
      k1.set(k[12]!);

      const fac = Math.min(MAX_GROWTH, Math.max(MIN_REDUCTION, SAFETY * Math.pow(Math.max(err, 1e-300), EXPONENT)));
      let hNext = Math.abs(h) * fac;
      hNext = Math.min(Math.max(hNext, minStepS), maxStepS);
      h = hNext * sign; // after the last step: a suggestion for a continuation
    }

    y.set(y0);
    return {
      t,
      stoppedByEvent: stopped,
      steps,
      rejectedSteps: rejected,
      evaluations: this.evaluations - evalBefore,
      nextStep: h,
    };
  }

  private eval(t: number, y: Float64Array, out: Float64Array): void {
    this.evaluations++;
    this.sys.computeDerivatives(t, y, out);
  }

  /** Hairer's starting step heuristic (Solving ODE I, §II.4, "Starting step size"). */
  private startingStep(t: number, forward: boolean): number {
    const n = this.nErr;
    const { absTol, relTol, maxStepS } = this.settings;
    const y0 = this.y0;
    const f0 = this.k[0]!;
    let d0 = 0;
    let d1 = 0;
    for (let i = 0; i < n; i++) {
      const sk = absTol[i]! + relTol[i]! * Math.abs(y0[i]!);
      d0 += (y0[i]! / sk) ** 2;
      d1 += (f0[i]! / sk) ** 2;
    }
    let h0 = d0 < 1e-10 || d1 < 1e-10 ? 1e-6 : 0.01 * Math.sqrt(d0 / d1);
    h0 = Math.min(h0, maxStepS);
    const yT = this.yTmp;
    const f1 = this.k[1]!;
    const s = forward ? 1 : -1;
    for (let i = 0; i < this.n; i++) yT[i] = y0[i]! + s * h0 * f0[i]!;
    this.eval(t + s * h0, yT, f1);
    let d2 = 0;
    for (let i = 0; i < n; i++) {
      const sk = absTol[i]! + relTol[i]! * Math.abs(y0[i]!);
      d2 += ((f1[i]! - f0[i]!) / sk) ** 2;
    }
    d2 = Math.sqrt(d2) / h0;
    const maxD = Math.max(Math.sqrt(d1), d2);
    const h1 = maxD <= 1e-15 ? Math.max(1e-6, h0 * 1e-3) : Math.pow(0.01 / maxD, 1 / 8);
    return Math.min(100 * h0, h1, maxStepS);
  }

  /** Computes the 12 stages and y1 for step h from (t, y0, k[0]); returns the scaled error norm. */
  private trialStep(t: number, h: number): number {
    const n = this.n;
    const [k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12] = this.k as [
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
    ];
    const y0 = this.y0;
    const y1 = this.y1;
    const yT = this.yTmp;

    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * A21 * k1[i]!;
    this.eval(t + C2 * h, yT, k2);
    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * (A31 * k1[i]! + A32 * k2[i]!);
    this.eval(t + C3 * h, yT, k3);
    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * (A41 * k1[i]! + A43 * k3[i]!);
    this.eval(t + C4 * h, yT, k4);
    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * (A51 * k1[i]! + A53 * k3[i]! + A54 * k4[i]!);
    this.eval(t + C5 * h, yT, k5);
    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * (A61 * k1[i]! + A64 * k4[i]! + A65 * k5[i]!);
    this.eval(t + C6 * h, yT, k6);
    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * (A71 * k1[i]! + A74 * k4[i]! + A75 * k5[i]! + A76 * k6[i]!);
    this.eval(t + C7 * h, yT, k7);
    for (let i = 0; i < n; i++) yT[i] = y0[i]! + h * (A81 * k1[i]! + A84 * k4[i]! + A85 * k5[i]! + A86 * k6[i]! + A87 * k7[i]!);
    this.eval(t + C8 * h, yT, k8);
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A91 * k1[i]! + A94 * k4[i]! + A95 * k5[i]! + A96 * k6[i]! + A97 * k7[i]! + A98 * k8[i]!);
    }
    this.eval(t + C9 * h, yT, k9);
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A101 * k1[i]! + A104 * k4[i]! + A105 * k5[i]! + A106 * k6[i]! + A107 * k7[i]! + A108 * k8[i]! + A109 * k9[i]!);
    }
    this.eval(t + C10 * h, yT, k10);
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A111 * k1[i]! + A114 * k4[i]! + A115 * k5[i]! + A116 * k6[i]! + A117 * k7[i]! + A118 * k8[i]! + A119 * k9[i]! + A1110 * k10[i]!);
    }
    this.eval(t + C11 * h, yT, k11);
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A121 * k1[i]! + A124 * k4[i]! + A125 * k5[i]! + A126 * k6[i]! + A127 * k7[i]! + A128 * k8[i]! + A129 * k9[i]! + A1210 * k10[i]! + A1211 * k11[i]!);
    }
    this.eval(t + h, yT, k12);
    for (let i = 0; i < n; i++) {
      y1[i] = y0[i]! + h * (B1 * k1[i]! + B6 * k6[i]! + B7 * k7[i]! + B8 * k8[i]! + B9 * k9[i]! + B10 * k10[i]! + B11 * k11[i]! + B12 * k12[i]!);
    }

    // error estimate on the main set
    const { absTol, relTol } = this.settings;
    let err = 0;
    let err2 = 0;
    for (let i = 0; i < this.nErr; i++) {
      const sk = absTol[i]! + relTol[i]! * Math.max(Math.abs(y0[i]!), Math.abs(y1[i]!));
      // 3rd-order estimator: (b − bhh) on stages 1, 9, 12 and b on the others (dop853.f)
      const e3full =
        (E3_1 * k1[i]! + B6 * k6[i]! + B7 * k7[i]! + B8 * k8[i]! + E3_9 * k9[i]! + B10 * k10[i]! + B11 * k11[i]! + E3_12 * k12[i]!) / sk;
      const e5 = (ER1 * k1[i]! + ER6 * k6[i]! + ER7 * k7[i]! + ER8 * k8[i]! + ER9 * k9[i]! + ER10 * k10[i]! + ER11 * k11[i]! + ER12 * k12[i]!) / sk;
      err2 += e3full * e3full;
      err += e5 * e5;
    }
    let deno = err + 0.01 * err2;
    if (deno <= 0) deno = 1;
    return (Math.abs(h) * err) / Math.sqrt(this.nErr * deno);
  }

  /** Builds Hairer's dense-output coefficients for the current step (3 extra evaluations). */
  private prepareDense(): void {
    if (this.denseReady) return;
    const n = this.n;
    const k = this.k;
    const [k1, , , , , k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16] = k as Float64Array[] as [
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
    ];
    const h = this.hStep;
    const t = this.tOld;
    const y0 = this.y0;
    const y1 = this.y1;
    const yT = this.yTmp;
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A141 * k1[i]! + A147 * k7[i]! + A148 * k8[i]! + A149 * k9[i]! + A1410 * k10[i]! + A1411 * k11[i]! + A1412 * k12[i]! + A1413 * k13[i]!);
    }
    this.eval(t + C14 * h, yT, k14);
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A151 * k1[i]! + A156 * k6[i]! + A157 * k7[i]! + A158 * k8[i]! + A1511 * k11[i]! + A1512 * k12[i]! + A1513 * k13[i]! + A1514 * k14[i]!);
    }
    this.eval(t + C15 * h, yT, k15);
    for (let i = 0; i < n; i++) {
      yT[i] = y0[i]! + h * (A161 * k1[i]! + A166 * k6[i]! + A167 * k7[i]! + A168 * k8[i]! + A169 * k9[i]! + A1613 * k13[i]! + A1614 * k14[i]! + A1615 * k15[i]!);
    }
    this.eval(t + C16 * h, yT, k16);
    const [r1, r2, r3, r4, r5, r6, r7, r8] = this.rc as [
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
    ];
    for (let i = 0; i < n; i++) {
      const ydiff = y1[i]! - y0[i]!;
      const bspl = h * k1[i]! - ydiff;
      r1[i] = y0[i]!;
      r2[i] = ydiff;
      r3[i] = bspl;
      r4[i] = ydiff - h * k13[i]! - bspl;
      r5[i] = h * (D41 * k1[i]! + D46 * k6[i]! + D47 * k7[i]! + D48 * k8[i]! + D49 * k9[i]! + D410 * k10[i]! + D411 * k11[i]! + D412 * k12[i]! + D413 * k13[i]! + D414 * k14[i]! + D415 * k15[i]! + D416 * k16[i]!);
      r6[i] = h * (D51 * k1[i]! + D56 * k6[i]! + D57 * k7[i]! + D58 * k8[i]! + D59 * k9[i]! + D510 * k10[i]! + D511 * k11[i]! + D512 * k12[i]! + D513 * k13[i]! + D514 * k14[i]! + D515 * k15[i]! + D516 * k16[i]!);
      r7[i] = h * (D61 * k1[i]! + D66 * k6[i]! + D67 * k7[i]! + D68 * k8[i]! + D69 * k9[i]! + D610 * k10[i]! + D611 * k11[i]! + D612 * k12[i]! + D613 * k13[i]! + D614 * k14[i]! + D615 * k15[i]! + D616 * k16[i]!);
      r8[i] = h * (D71 * k1[i]! + D76 * k6[i]! + D77 * k7[i]! + D78 * k8[i]! + D79 * k9[i]! + D710 * k10[i]! + D711 * k11[i]! + D712 * k12[i]! + D713 * k13[i]! + D714 * k14[i]! + D715 * k15[i]! + D716 * k16[i]!);
    }
    this.denseReady = true;
  }

  /** Dense output (Hairer CONTD8). Exact end points are returned without rounding through the polynomial. */
  interpolate(t: number, out: Float64Array): void {
    const n = this.n;
    const tEndStep = this.tOld + this.hStep;
    if (t === tEndStep || t === this.tOld) {
      const src = t === tEndStep ? this.y1 : this.y0;
      for (let i = 0; i < n; i++) out[i] = src[i]!;
      return;
    }
    this.prepareDense();
    const s = (t - this.tOld) / this.hStep;
    const s1 = 1 - s;
    const [r1, r2, r3, r4, r5, r6, r7, r8] = this.rc as [
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
    ];
    for (let i = 0; i < n; i++) {
      const conpar = r5[i]! + s * (r6[i]! + s1 * (r7[i]! + s * r8[i]!));
      out[i] = r1[i]! + s * (r2[i]! + s1 * (r3[i]! + s * (r4[i]! + s1 * conpar)));
    }
  }

  copyDenseStep(count: number, scale: number, out: Float64Array, offset: number): void {
    this.prepareDense();
    out[offset] = this.tOld;
    out[offset + 1] = this.hStep;
    const c = offset + DENSE_STEP_HEADER;
    for (let j = 0; j < 8; j++) {
      const r = this.rc[j]!;
      for (let i = 0; i < count; i++) out[c + j * count + i] = r[i]! * scale;
    }
  }

  /**
   * Processes the events of the step (t0, t1] in chronological order. `CONTINUE` events are reported and the search
   * goes on past them; the first `RESET_DERIVATIVES` or `STOP` event ends the step and is returned.
   */
  private findEvents(t0: number, t1: number, forward: boolean): { t: number; action: EventAction } | null {
    const yE = this.yEvt;
    const m = this.events.length;
    for (let i = 0; i < m; i++) {
      const es = this.events[i]!;
      es.tSearch = t0;
      es.gSearch = es.gPrev;
    }
    for (;;) {
      let bestT = t1;
      let best: EventState | null = null;
      let bestIncreasing = false;
      for (let i = 0; i < m; i++) {
        const es = this.events[i]!;
        const d = es.detector;
        const tFrom = es.tSearch;
        if (tFrom === t1) continue;
        let ta = tFrom;
        let ga = es.gSearch;
        const adaptive = d.maxCheckAt !== undefined;
        const nSub = adaptive ? 0 : Math.max(1, Math.ceil(Math.abs(t1 - tFrom) / d.maxCheckS));
        for (let j = 1; ; j++) {
          if (best !== null && (forward ? ta >= bestT : ta <= bestT)) break;
          let tb: number;
          if (adaptive) {
            this.interpolate(ta, yE);
            const dt = Math.max(d.thresholdS, d.maxCheckAt!(ta, yE));
            tb = forward ? Math.min(t1, ta + dt) : Math.max(t1, ta - dt);
          } else {
            tb = j === nSub ? t1 : tFrom + ((t1 - tFrom) * j) / nSub;
          }
          this.interpolate(tb, yE);
          const gb = d.g(tb, yE);
          if ((ga < 0 && gb >= 0) || (ga > 0 && gb <= 0)) {
            const root = this.solveRoot(d, ta, ga, tb, gb);
            if (best === null || (forward ? root < bestT : root > bestT)) {
              bestT = root;
              best = es;
              bestIncreasing = gb > ga;
            }
            break;
          }
          if (tb === t1) break;
          ta = tb;
          ga = gb;
        }
      }
      if (best === null) break;
      this.interpolate(bestT, yE);
      let action = best.detector.onEvent(bestT, yE, bestIncreasing);
      if (action !== 'CONTINUE') {
        best.gCut = bestIncreasing ? Number.MIN_VALUE : -Number.MIN_VALUE;
        // The step ends here. Any other g that has changed sign since its last known value has its root within the
        // root-finding threshold of bestT (an earlier root would have been the best): it happens now, not never.
        // (The 100 km floor is also the lowest Harris–Priester table node: the floor's STOP and the node's
        // RESET_DERIVATIVES share a root, and the floor must not be absorbed into the restart of the other.)
        for (let i = 0; i < m; i++) {
          const es = this.events[i]!;
          if (es === best) continue;
          this.interpolate(bestT, yE); // a detector's onEvent may have used yE as scratch
          const g = es.detector.g(bestT, yE);
          const ga = es.gSearch;
          if ((ga < 0 && g >= 0) || (ga > 0 && g <= 0)) {
            const increasing = ga < 0;
            const a = es.detector.onEvent(bestT, yE, increasing);
            if (a === 'STOP') action = a; // the step ends here anyway: only a STOP changes the outcome
            es.gCut = g !== 0 ? g : increasing ? Number.MIN_VALUE : -Number.MIN_VALUE;
          } else {
            es.gCut = g;
          }
        }
        return { t: bestT, action };
      }
      best.tSearch = bestT;
      best.gSearch = best.detector.g(bestT, yE);
      if (best.gSearch === 0) best.gSearch = bestIncreasing ? Number.MIN_VALUE : -Number.MIN_VALUE;
    }
    this.interpolate(t1, yE);
    for (let i = 0; i < m; i++) {
      const es = this.events[i]!;
      es.gPrev = es.detector.g(t1, yE);
    }
    return null;
  }

  /** Illinois-modified regula falsi on the dense output (bracket [ta, tb] with g(ta)·g(tb) ≤ 0). */
  private solveRoot(d: EventDetector, ta: number, ga: number, tb: number, gb: number): number {
    const yE = this.yEvt;
    let a = ta;
    let fa = ga;
    let b = tb;
    let fb = gb;
    let side = 0;
    for (let iter = 0; iter < 100; iter++) {
      if (Math.abs(b - a) <= d.thresholdS) break;
      let c = (a * fb - b * fa) / (fb - fa);
      if (!(Number.isFinite(c)) || (c - a) * (c - b) > 0) c = 0.5 * (a + b);
      this.interpolate(c, yE);
      const fc = d.g(c, yE);
      if (fc === 0) return c;
      if ((fc > 0) === (fb > 0)) {
        b = c;
        fb = fc;
        if (side === -1) fa *= 0.5;
        side = -1;
      } else {
        a = c;
        fa = fc;
        if (side === 1) fb *= 0.5;
        side = 1;
      }
    }
    // return the bracket end on the far side of the root so the event is not found again
    return b;
  }
}
