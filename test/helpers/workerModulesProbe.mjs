// The probe of test/workers/workerModules.test.ts loaded from source in its thread, through tsx registered here: the
// test files run bundled (scripts/run-tests.mjs) in processes without tsx's loader for a thread to inherit.
import { register } from 'tsx/esm/api';

register();
const { default: probe } = await import('./workerModulesProbe.ts');
export default probe;
