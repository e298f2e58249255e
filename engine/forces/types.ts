/**
 * Shared contracts of the force models (SI units inside: m, m/s, m/s², kg, s).
 *
 * Design (after Orekit's `ForceModel`): each force adds its acceleration to an accumulator. Quantities shared by
 * several forces (the GCRF→ITRF rotation, the Sun and Moon positions, the ITRF position) are computed at most once
 * per derivative evaluation through the `ForceEvaluation` scratch object, which the dynamics owns and reuses, so the
 * force loop does not allocate.
 */

/**
 * Earth environment injected into the force models. `t` is seconds since the propagation's reference epoch
 * (TT/UTC differences are the environment's business: it knows the epoch).
 */
export interface EarthEnvironment {
  /** Fills the row-major 3×3 rotation taking GCRF vectors to ITRF (true pole, IERS 2010). */
  gcrfToItrf(tSeconds: number, outRotation9: Float64Array): void;
  /** Earth's rotation rate about ITRF Z (rad/s), for the co-rotating atmosphere. */
  earthAngularVelocityRadS(tSeconds: number): number;
  /** Geocentric GCRF position of the Sun (m). */
  sunPositionGcrfM(tSeconds: number, out3: Float64Array): void;
  /** Geocentric GCRF position of the Moon (m). */
  moonPositionGcrfM(tSeconds: number, out3: Float64Array): void;
}

/**
 * Per-evaluation scratch state. The dynamics sets t, r, v, massKg and bumps `stamp`; the lazily computed fields
 * below are filled on first use within that evaluation.
 */
export class ForceEvaluation {
  t = 0;
  readonly rGcrfM = new Float64Array(3);
  readonly vGcrfMS = new Float64Array(3);
  massKg = 0;

  /** GCRF→ITRF rotation (row-major). */
  readonly rotation = new Float64Array(9);
  readonly rItrfM = new Float64Array(3);
  readonly sunGcrfM = new Float64Array(3);
  /** The Sun in ITRF (rotation · sunGcrfM), for Earth-fixed models (atmospheres). */
  readonly sunItrfM = new Float64Array(3);
  readonly moonGcrfM = new Float64Array(3);
  private rotationStamp = -1;
  private sunStamp = -1;
  private sunItrfStamp = -1;
  private moonStamp = -1;
  private stamp = 0;
  private readonly env: EarthEnvironment | null;

  constructor(env: EarthEnvironment | null) {
    this.env = env;
  }

  get environment(): EarthEnvironment | null {
    return this.env;
  }

  /** Starts a new evaluation at time t (s since reference epoch) with state y = [r(3) m, v(3) m/s, mass kg]. */
  begin(t: number, y: Float64Array): void {
    this.t = t;
    this.rGcrfM[0] = y[0]!;
    this.rGcrfM[1] = y[1]!;
    this.rGcrfM[2] = y[2]!;
    this.vGcrfMS[0] = y[3]!;
    this.vGcrfMS[1] = y[4]!;
    this.vGcrfMS[2] = y[5]!;
    this.massKg = y.length > 6 ? y[6]! : 1;
    this.stamp++;
  }

  /**
   * Starts an evaluation at `source`'s time with state y, reusing the rotation, Sun and Moon `source` has already
   * computed (the ITRF position is recomputed): perturbed evaluations for partial derivatives at one instant.
   */
  beginFrom(source: ForceEvaluation, y: Float64Array): void {
    this.begin(source.t, y);
    if (source.rotationStamp === source.stamp) {
      const R = source.rotation;
      this.rotation.set(R);
      const r = this.rGcrfM;
      this.rItrfM[0] = R[0]! * r[0]! + R[1]! * r[1]! + R[2]! * r[2]!;
      this.rItrfM[1] = R[3]! * r[0]! + R[4]! * r[1]! + R[5]! * r[2]!;
      this.rItrfM[2] = R[6]! * r[0]! + R[7]! * r[1]! + R[8]! * r[2]!;
      this.rotationStamp = this.stamp;
    }
    if (source.sunStamp === source.stamp) {
      this.sunGcrfM.set(source.sunGcrfM);
      this.sunStamp = this.stamp;
    }
    if (source.moonStamp === source.stamp) {
      this.moonGcrfM.set(source.moonGcrfM);
      this.moonStamp = this.stamp;
    }
  }

  /** Makes `rotation` and `rItrfM` valid for this evaluation. */
  ensureRotation(): void {
    if (this.rotationStamp === this.stamp) return;
    const env = this.requireEnv();
    const R = this.rotation;
    env.gcrfToItrf(this.t, R);
    const r = this.rGcrfM;
    this.rItrfM[0] = R[0]! * r[0]! + R[1]! * r[1]! + R[2]! * r[2]!;
    this.rItrfM[1] = R[3]! * r[0]! + R[4]! * r[1]! + R[5]! * r[2]!;
    this.rItrfM[2] = R[6]! * r[0]! + R[7]! * r[1]! + R[8]! * r[2]!;
    this.rotationStamp = this.stamp;
  }

  ensureSun(): void {
    if (this.sunStamp === this.stamp) return;
    this.requireEnv().sunPositionGcrfM(this.t, this.sunGcrfM);
    this.sunStamp = this.stamp;
  }

  /** Makes `rotation`, `rItrfM`, `sunGcrfM` and `sunItrfM` valid for this evaluation. */
  ensureSunItrf(): void {
    if (this.sunItrfStamp === this.stamp) return;
    this.ensureRotation();
    this.ensureSun();
    const R = this.rotation;
    const s = this.sunGcrfM;
    this.sunItrfM[0] = R[0]! * s[0]! + R[1]! * s[1]! + R[2]! * s[2]!;
    this.sunItrfM[1] = R[3]! * s[0]! + R[4]! * s[1]! + R[5]! * s[2]!;
    this.sunItrfM[2] = R[6]! * s[0]! + R[7]! * s[1]! + R[8]! * s[2]!;
    this.sunItrfStamp = this.stamp;
  }

  ensureMoon(): void {
    if (this.moonStamp === this.stamp) return;
    this.requireEnv().moonPositionGcrfM(this.t, this.moonGcrfM);
    this.moonStamp = this.stamp;
  }

  private requireEnv(): EarthEnvironment {
    if (this.env === null) throw new Error('this force model needs an EarthEnvironment');
    return this.env;
  }
}

/** A force (or acceleration) model. */
export interface ForceModel {
  readonly name: string;
  /** Whether the model needs an EarthEnvironment (rotation, Sun or Moon). */
  readonly needsEnvironment: boolean;
  /**
   * Adds this model's acceleration (GCRF, m/s²) to acc3 and returns its mass rate (kg/s, ≤ 0, 0 for
   * conservative forces).
   */
  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number;
}
