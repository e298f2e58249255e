/** Every resource router, registered in order by the app factory. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { registerManeuverRoutes } from './maneuvers.ts';
import { registerSpacecraftRoutes } from './spacecraft.ts';
import { registerThrusterRoutes } from './thrusters.ts';
import { registerPayloadRoutes } from './payloads.ts';
import { registerMeasurementRoutes } from './measurements.ts';
import { registerStateVectorRoutes } from './stateVectors.ts';
import { registerTleRoutes } from './tle.ts';
import { registerGroundStationRoutes } from './groundStations.ts';
import { registerResidualRoutes } from './residuals.ts';
import { registerOrbitDeterminationRoutes } from './orbitDeterminations.ts';
import { registerTaskRoutes } from './tasks.ts';
import { registerProductRoutes } from './products.ts';
import { registerEphemerisBatchRoutes } from './ephemerisBatch.ts';
import { registerConjunctionRoutes } from './conjunctions.ts';
import { registerEventRoutes } from './events.ts';
import { registerScreeningRoutes } from './screenings.ts';
import { registerCatalogRoutes } from './catalog.ts';
import { registerChangeFeedRoutes } from './changes.ts';
import { registerWebhookRoutes } from './webhooks.ts';
import { registerAvoidancePlanRoutes } from './avoidancePlans.ts';

export const ROUTERS: Array<(app: OpenAPIHono<AppEnv>) => void> = [registerSpacecraftRoutes, registerThrusterRoutes, registerPayloadRoutes, registerMeasurementRoutes, registerManeuverRoutes, registerStateVectorRoutes, registerTleRoutes, registerGroundStationRoutes, registerResidualRoutes, registerOrbitDeterminationRoutes, registerTaskRoutes, registerProductRoutes, registerEphemerisBatchRoutes, registerEventRoutes,
  // before the screening and conjunction routes: …/changes would also match …/screenings/{id} and …/conjunctions/{id}
  registerChangeFeedRoutes,
  // before the conjunction routes: /operations/conjunctions/screenings would also match /operations/conjunctions/{id}
  registerScreeningRoutes,
  registerConjunctionRoutes,
  registerAvoidancePlanRoutes];
ROUTERS.push(registerCatalogRoutes, registerWebhookRoutes);
