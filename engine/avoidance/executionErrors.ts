/**
 * Maneuver execution errors as a covariance of the delivered Δv: the magnitude and pointing model of Gates (1963),
 * "A simplified model of midcourse maneuver execution errors", JPL Technical Report 32-504 — a magnitude error with a
 * part proportional to |Δv| (σ_m = k·|Δv|) and a fixed part, and a pointing error of angle σ_θ (rad) in each of the
 * two directions perpendicular to the burn (σ_p = σ_θ·|Δv|, small angles). For a burn along the unit vector u:
 *
 *   Q = σ_∥² u uᵀ + σ_p² (I − u uᵀ),   σ_∥² = (k·|Δv|)² + σ_fixed²      (m²/s², in the frame of u)
 *
 * The planner adds Q to the velocity block of the primary's covariance at the burn and maps it to the TCA with the
 * state transition matrix (linear) or propagates it with the state (numerical): Φ·[0, 0; 0, Q]·Φᵀ.
 */

export interface ExecutionErrors {
  /** 1σ magnitude error proportional to |Δv| (0.01 = 1 %). */
  readonly magnitudeFraction: number;
  /** 1σ fixed magnitude error, m/s (default 0). */
  readonly magnitudeMetersPerSecond?: number;
  /** 1σ pointing error per perpendicular axis, rad. */
  readonly pointingRad: number;
}

/** Q (3×3 row-major, m²/s²) of a burn Δv (m/s, any frame: Q is in the same frame). */
export function executionErrorCovariance(deltaVMetersPerSecond: ArrayLike<number>, errors: ExecutionErrors, out = new Float64Array(9)): Float64Array {
  const dx = deltaVMetersPerSecond[0]!;
  const dy = deltaVMetersPerSecond[1]!;
  const dz = deltaVMetersPerSecond[2]!;
  const size = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const fixed = errors.magnitudeMetersPerSecond ?? 0;
  const along = (errors.magnitudeFraction * size) ** 2 + fixed * fixed;
  const across = (errors.pointingRad * size) ** 2;
  out.fill(0);
  if (size === 0) {
    // no burn direction: the fixed magnitude error in any direction
    for (let i = 0; i < 3; i++) out[i * 4] = fixed * fixed;
    return out;
  }
  const u = [dx / size, dy / size, dz / size];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const uu = u[i]! * u[j]!;
      out[i * 3 + j] = along * uu + across * ((i === j ? 1 : 0) - uu);
    }
  }
  return out;
}
